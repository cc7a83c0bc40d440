// Money is integer cents everywhere (docs/PRODUCT.md#money); these helpers are the only
// place where cents meet dollars or where the platform's share is computed.

import { formatCount } from './numbers.ts';

export const CURRENCY = 'usd';
export const MIN_PAYOUT_CENTS = 1000;

/** The platform's share in percent (docs/PRODUCT.md#limits: 20%). */
export const PLATFORM_FEE_PERCENT = 20;

/**
 * The platform's 20% of an amount, rounded half up to a whole cent, and the engineer's
 * rest, so the two always add up to the amount (docs/PRODUCT.md#money). Integer arithmetic:
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
  const abs = Math.round(Math.abs(cents));
  return `${sign}$${formatCount(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** Whole cents from a dollar amount typed in a form ('12.5' -> 1250); null when it is not a
 * number or has more than two decimals (1234.567 is refused, never rounded in silence). */
export function dollarsToCents(dollars: string | number): number | null {
  const text = String(dollars).trim();
  const n = typeof dollars === 'number' ? dollars : Number(text);
  if (text === '' || !Number.isFinite(n)) return null;
  const cents = Math.round(n * 100);
  if (Math.abs(n * 100 - cents) > 1e-6) return null;
  return cents;
}

export const MONEY_MESSAGES = {
  wholeCents: 'Use at most two decimals (dollars and cents).',
} as const;

/**
 * What is wrong with a dollar amount typed in a form, checked as the server will check its
 * cents: a number, whole cents, from 0 to `maxCents`. `message` names the field's own rule;
 * '' is fine when the field is optional. Null when nothing is wrong.
 */
export function dollarsProblem(
  text: string,
  { message, maxCents, optional = false }: { message: string; maxCents: number; optional?: boolean },
): string | null {
  if (text.trim() === '') return optional ? null : message;
  const n = Number(text.trim());
  if (!Number.isFinite(n) || n < 0) return message;
  const cents = dollarsToCents(text);
  if (cents === null) return MONEY_MESSAGES.wholeCents;
  return cents > maxCents ? message : null;
}

/** '1234.50' from 123450: dollars as a plain decimal, for exports that must stay numbers. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
