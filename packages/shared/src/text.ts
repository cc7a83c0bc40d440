// Hidden text-direction controls (U+202E RIGHT-TO-LEFT OVERRIDE and friends) make a name,
// a licence number or a title display as something else ('‮evil‬gnp.exe' reads 'livegnp.exe'),
// so they are refused in every short identifying field. Free text (descriptions, messages)
// may hold them and is shown isolated (the web app's `bidi-isolate`).
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export const BIDI_MESSAGE = 'Remove the hidden text-direction characters (such as U+202E).';

export const hasNoBidiControls = (value: string): boolean => !BIDI_CONTROLS.test(value);
