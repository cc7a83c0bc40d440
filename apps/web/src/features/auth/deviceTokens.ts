// Trusted-device tokens (docs/PRODUCT.md): after a correct PIN the server issues a token that
// spares this browser the PIN for that account. Kept per e-mail address, outside the
// session, so signing out does not forget that the device is trusted.
const DEVICE_TOKENS_KEY = 'deviceTokens';
/** The address waiting for its PIN, so the PIN dialog can verify or resend after a reload. */
const PIN_EMAIL_KEY = 'pinEmail';

const normalize = (email: string) => email.trim().toLowerCase();

function readTokens(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DEVICE_TOKENS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function getDeviceToken(email: string): string | undefined {
  const token = readTokens()[normalize(email)];
  return typeof token === 'string' && token ? token : undefined;
}

export function saveDeviceToken(email: string, token: string) {
  localStorage.setItem(DEVICE_TOKENS_KEY, JSON.stringify({ ...readTokens(), [normalize(email)]: token }));
}

export function getPinEmail(): string | null {
  return localStorage.getItem(PIN_EMAIL_KEY);
}

export function setPinEmail(email: string) {
  localStorage.setItem(PIN_EMAIL_KEY, normalize(email));
}

export function clearPinEmail() {
  localStorage.removeItem(PIN_EMAIL_KEY);
}
