// One-click unsubscribe links (docs/ALERTS.md 'Unsubscribe'): a token names the one setting it
// may turn off (a person's alert mail, or one saved search's mail) and carries an HMAC of that
// name under the server's key, so it works without signing in and cannot be guessed or bent
// to another setting.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type UnsubscribeTarget = { kind: 'mail'; userId: string } | { kind: 'search'; searchId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function subject(target: UnsubscribeTarget): string {
  return target.kind === 'mail' ? `m.${target.userId}` : `s.${target.searchId}`;
}

function sign(key: Buffer, subjectText: string): string {
  return createHmac('sha256', key).update(`stampworks-unsubscribe:${subjectText}`).digest('base64url');
}

export function unsubscribeToken(key: Buffer, target: UnsubscribeTarget): string {
  const s = subject(target);
  return `${s}.${sign(key, s)}`;
}

/** The setting a token names, or null when it is malformed or its signature does not hold. */
export function readUnsubscribeToken(key: Buffer, token: string | undefined): UnsubscribeTarget | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [kind, id, mac] = parts;
  if ((kind !== 'm' && kind !== 's') || !UUID.test(id)) return null;
  const expected = Buffer.from(sign(key, `${kind}.${id}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return kind === 'm' ? { kind: 'mail', userId: id } : { kind: 'search', searchId: id };
}
