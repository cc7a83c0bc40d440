// Counts as an en-US reader expects them ('1,234,567'), written out by hand rather than with
// toLocaleString: a page's first Intl formatter loads ICU's locale data, about 40 ms of main
// thread on the 2-core bench machine (docs/PERFORMANCE.md#a-visitors-first-page).

/** '1,234,567' from 1234567; '-1,234' from -1234. Non-integers are written as they are. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const sign = n < 0 ? '-' : '';
  const digits = String(Math.abs(n));
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return sign + out;
}
