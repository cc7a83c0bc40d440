// Text helpers of the public pages: slugs for their addresses, and the short forms of
// user-written text that go into <title>, meta descriptions and Open Graph tags.

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * At most `max` user-perceived characters (grapheme clusters, so an emoji or an accented
 * letter is never cut in half), with an ellipsis when something was left out.
 */
export function clip(text: string, max: number): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (collapsed.length <= max) return collapsed;
  const kept: string[] = [];
  for (const { segment } of segmenter.segment(collapsed)) {
    if (kept.length === max - 1) return `${kept.join('').trimEnd()}…`;
    kept.push(segment);
  }
  return collapsed;
}

/**
 * The readable part of a page's address: letters and digits of any script, lower case,
 * words joined by '-', accents dropped ('José Núñez' -> 'jose-nunez'; Arabic or Hebrew names
 * keep their letters, sent percent-encoded). Words are kept whole up to `max` characters;
 * `fallback` when nothing is left (a name of emoji only).
 */
export function slugify(text: string, fallback: string, max = 60): string {
  // Words past the first few hundred characters can never make it into the slug.
  const head = text.slice(0, max * 8);
  // Most names and titles are ASCII: a sitemap page makes 50,000 slugs, and the Unicode path
  // (normalization, property escapes, code-point counting) is several times slower.
  const ascii = /^[\x20-\x7e]*$/.test(head);
  const words =
    (ascii
      ? head.toLowerCase().match(/[a-z0-9]+/g)
      : head
          .normalize('NFKD')
          .replace(/\p{M}+/gu, '')
          .normalize('NFC')
          .toLowerCase()
          .match(/[\p{L}\p{N}]+/gu)) ?? [];
  const length = ascii ? (s: string) => s.length : (s: string) => [...s].length;
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (length(next) > max) {
      // One very long first word is cut rather than dropped.
      if (!slug) slug = [...word].slice(0, max).join('');
      break;
    }
    slug = next;
  }
  return slug || fallback;
}
