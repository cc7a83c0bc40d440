// The names people gave their files. An upload keeps its name (cleaned) beside the random
// storage key, a download carries it in Content-Disposition, and lists and chat show it
// instead of the key. Nothing here trusts the name: the type comes from the bytes, and the
// name's extension is made to match it.

/** Longest name kept, in characters (file systems allow 255 bytes; a list shows far less). */
export const MAX_FILE_NAME = 120;

// Bidirectional overrides (which can make 'exe.pdf' read as 'fdp.exe') and the characters
// file systems refuse; control characters are dropped by code point (isControl).
const UNSAFE = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"/\\|?*]/g;
const isControl = (ch: string) => {
  const c = ch.codePointAt(0) ?? 0;
  return c < 0x20 || (c >= 0x7f && c <= 0x9f);
};

/**
 * The name to keep for an upload: the last part of what the browser sent (never a path),
 * without unsafe characters, at most MAX_FILE_NAME characters, and ending in `.${ext}`, the
 * extension of the format read from the bytes. Null when nothing usable is left.
 */
export function cleanFileName(raw: string | null | undefined, ext: string): string | null {
  if (!raw) return null;
  const last = raw.split(/[/\\]/).pop() ?? '';
  const visible = [...last.normalize('NFC')].filter((ch) => !isControl(ch)).join('');
  const cleaned = visible.replace(UNSAFE, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  const dot = cleaned.lastIndexOf('.');
  const stem = (dot > 0 ? cleaned.slice(0, dot) : cleaned).trim();
  if (!stem) return null;
  const suffix = `.${ext.toLowerCase()}`;
  return `${[...stem]
    .slice(0, MAX_FILE_NAME - suffix.length)
    .join('')
    .trim()}${suffix}`;
}

/**
 * `attachment; filename="plan.pdf"; filename*=UTF-8''plan.pdf` (RFC 6266): the quoted name
 * in plain ASCII for old clients (anything else as '_'), the exact name in `filename*`.
 */
export function contentDisposition(type: 'attachment' | 'inline', name: string | null): string {
  if (!name) return type;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The file name a Content-Disposition header names (`filename*` first), or null. */
export function fileNameOfDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header);
  return plain ? plain[1].trim() || null : null;
}
