// Money is integer cents everywhere (decisions.md 'Money'); these helpers are the only
// place where cents meet dollars or where the platform's share is computed.

export const CURRENCY = 'usd';
export const MIN_PAYOUT_CENTS = 1000;

/** The platform's share in percent (spec §9: 20%). */
export const PLATFORM_FEE_PERCENT = 20;

/**
 * The platform's 20% of an amount, rounded half up to a whole cent, and the engineer's
 * rest, so the two always add up to the amount (decisions.md 'Money'). Integer arithmetic:
 * no floating-point cent is ever lost.
 */
export function splitFee(amountCents: number): { platformFeeCents: number; engineerCents: number } {
  if (!Number.isInteger(amountCents) || amountCents < 0) throw new RangeError('amount must be whole cents');
  const platformFeeCents = Math.floor((amountCents * PLATFORM_FEE_PERCENT + 50) / 100);
  return { platformFeeCents, engineerCents: amountCents - platformFeeCents };
}

/** '$1,234.50' from 123450. */
export function formatCents(cents: number | null | undefined): string {
  if (cents == null) return 'N/A';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${(abs / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Whole cents from a dollar amount typed in a form ('12.5' -> 1250); null when not a number. */
export function dollarsToCents(dollars: string | number): number | null {
  const n = typeof dollars === 'number' ? dollars : Number(String(dollars).trim());
  if (String(dollars).trim() === '' || !Number.isFinite(n)) return null;
  return Math.round(n * 100);
}

/** '1234.50' from 123450: dollars as a plain decimal, for exports that must stay numbers. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
