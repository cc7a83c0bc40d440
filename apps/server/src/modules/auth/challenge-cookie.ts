// The PIN challenge's token also travels as an HttpOnly cookie, so a browser (or any client
// with a cookie jar) that calls verify-pin and resendPin with only `{ pin, email }`, as the
// sign-in page does, still proves it is the sign-in that asked for the PIN. Limited to the
// identity calls' path, never readable by the page's script.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { CHALLENGE_TTL_MS } from './pins.ts';

const NAME = 'sw_pin_challenge';

/** The Set-Cookie value holding `token`, or clearing the cookie when null. */
export function challengeCookie(config: Pick<Config, 'tls' | 'publicUrl'>, token: string | null): string {
  const secure = config.tls !== null || config.publicUrl.startsWith('https:');
  const maxAge = token ? Math.floor(CHALLENGE_TTL_MS / 1000) : 0;
  return `${NAME}=${token ?? ''}; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
}

/** The challenge token of a request: the body's `challenge`, else the cookie's. */
export function challengeOf(req: FastifyRequest): string | undefined {
  const fromBody = (req.body as { challenge?: unknown } | undefined)?.challenge;
  if (typeof fromBody === 'string' && fromBody) return fromBody;
  const header = req.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === NAME) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
