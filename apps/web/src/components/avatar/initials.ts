/**
 * The avatar fallback of docs/PRODUCT.md#screens: the first letters of the first and the last word of
 * the full name, upper case ('Ada Lovelace' -> 'AL', 'Plato' -> 'P'). Empty when the
 * name has no letters to show.
 */
export function initials(fullName: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  // Array.from keeps a letter outside the basic plane (surrogate pair) whole.
  const first = Array.from(words[0]!)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}
