// Hidden text-direction controls (U+202E RIGHT-TO-LEFT OVERRIDE and friends) make a name,
// a licence number or a title display as something else ('‮evil‬gnp.exe' reads 'livegnp.exe'),
// so they are refused in every short identifying field. Free text (descriptions, messages)
// may hold them and is shown isolated (apps/web/src/index.css: text-carrying inline elements
// are bidi-isolated, so controls inside one cannot reorder the text around it).
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export const BIDI_MESSAGE = 'Remove the hidden text-direction characters (such as U+202E).';

export const hasNoBidiControls = (value: string): boolean => !BIDI_CONTROLS.test(value);

/**
 * The text with each hidden direction control shown as `⟨U+202E⟩`: for staff reviewing an
 * identifier stored before such characters were refused, so it cannot pass for another.
 */
export const revealBidiControls = (value: string): string =>
  value.replace(
    new RegExp(BIDI_CONTROLS.source, 'g'),
    (c) => `⟨U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`,
  );

/**
 * The text without the full stops and spaces that end it, to quote it inside a sentence; a
 * scan rather than a pattern, so its time stays linear in the text.
 */
export function withoutFinalStop(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === '.' || text[end - 1].trim() === '')) end--;
  return text.slice(0, end);
}
