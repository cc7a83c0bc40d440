// Phone numbers as people write them in the United States and Australia ('+1 512 555 0142',
// '(512) 555-0142', '0412 345 678', '+61 2 9876 5432'), read with libphonenumber-js, stored
// in E.164 ('+15125550142') and shown in the country's usual form ('(512) 555-0142').
// The small ('min') metadata is enough: it knows both countries' lengths and prefixes.
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

export const PHONE_MESSAGE = 'Enter a US or Australian phone number, such as (512) 555-0142 or 0412 345 678.';

/** The countries whose numbers accounts may hold, by the product's country names. */
const PHONE_COUNTRIES: Record<string, CountryCode> = { USA: 'US', Australia: 'AU' };
const ACCEPTED: readonly CountryCode[] = ['US', 'AU'];

/**
 * The E.164 form of a US or Australian number, or null when `text` is not one. A number
 * without a country code is read as the account's country first (`country`, the product's
 * name for it), then as the other: a 10-digit US number cannot be an Australian one and
 * the reverse (Australian numbers start with 0, or 13/1300/1800; US area codes never do).
 */
export function normalizePhone(text: string, country?: string | null): string | null {
  const trimmed = text.trim();
  // Digits and the marks people put between them; no letters (the library would read
  // 'OO' as the keypad's 66).
  if (trimmed === '' || trimmed.length > 40 || !/^[\d\s()+.-]+$/.test(trimmed)) return null;
  const preferred = country ? PHONE_COUNTRIES[country] : undefined;
  const order = preferred ? [preferred, ...ACCEPTED.filter((c) => c !== preferred)] : ACCEPTED;
  for (const c of order) {
    const parsed = parsePhoneNumberFromString(trimmed, c);
    if (parsed?.isValid() && parsed.country && ACCEPTED.includes(parsed.country)) return parsed.number;
  }
  return null;
}

/**
 * A stored number as its country writes it: '(512) 555-0142' for a US number, '0412 345
 * 678' for an Australian one. Numbers stored before E.164 (ten bare digits) read the same;
 * anything unreadable is shown as stored.
 */
export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  const e164 = normalizePhone(stored);
  if (!e164) return stored;
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? parsed.formatNational() : stored;
}
