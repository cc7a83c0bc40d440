// What Stripe's test mode does with a card: its documented test numbers succeed or are
// declined with Stripe's own messages; anything else is refused as Stripe would.
// https://docs.stripe.com/testing#cards

export type CardInput = { number: string; expiry: string; cvc: string; name: string };
export type CardCheck =
  | { ok: true; last4: string; brand: string }
  | { ok: false; field: keyof CardInput | 'card'; message: string };

export const TEST_CARD_SUCCESS = '4242 4242 4242 4242';
export const TEST_CARD_DECLINE = '4000 0000 0000 0002';

/**
 * Stripe's 'asynchronous success' refund card: the payment succeeds; a refund of it begins
 * `pending` and succeeds some time later with a `refund.updated` event. With every other
 * card a refund succeeds at once. No other success card ends in 7726, so a paid session's last
 * four digits tell it.
 */
export const TEST_CARD_REFUND_PENDING = '4000 0000 0000 7726';
export const refundsSettleLater = (cardLast4: string | null): boolean =>
  cardLast4 === digits(TEST_CARD_REFUND_PENDING).slice(-4);
/** How long such a refund stays pending here: Stripe says only 'some time later'. */
export const PENDING_REFUND_MS = 60 * 60 * 1000;

function digits(card: string): string {
  return card.replace(/[\s-]/g, '');
}

const SUCCEEDS: Record<string, string> = {
  '4242424242424242': 'Visa',
  '4000056655665556': 'Visa (debit)',
  '5555555555554444': 'Mastercard',
  '378282246310005': 'American Express',
  [digits(TEST_CARD_REFUND_PENDING)]: 'Visa',
};

/** Stripe's decline test cards and the message Checkout shows for each. */
const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function checkTestCard(card: CardInput, now: Date): CardCheck {
  const number = digits(card.number);
  if (!/^\d{13,19}$/.test(number) || !luhn(number))
    return { ok: false, field: 'number', message: 'Your card number is invalid.' };
  const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const month = exp ? Number(exp[1]) : 0;
  if (!exp || month < 1 || month > 12)
    return { ok: false, field: 'expiry', message: "Your card's expiration date is incomplete." };
  const year = exp[2].length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
  // A card is valid through the last day of its expiry month.
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
    return { ok: false, field: 'expiry', message: "Your card's expiration date is in the past." };
  const cvcLength = number.length === 15 ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim()))
    return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  if (card.name.trim().length < 2)
    return { ok: false, field: 'name', message: 'Enter the name on your card.' };
  const declined = DECLINES[number];
  if (declined) return { ok: false, field: 'card', message: declined };
  const brand = SUCCEEDS[number];
  if (!brand)
    return {
      ok: false,
      field: 'card',
      message: `Your card was declined. This checkout is in test mode: use a test card such as ${TEST_CARD_SUCCESS}.`,
    };
  return { ok: true, last4: number.slice(-4), brand };
}
