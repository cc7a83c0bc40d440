// Opaque bearer sessions (docs/PRODUCT.md): random token, stored hashed, sliding 30-day expiry.
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, type UserRow, users } from '../../db/schema/index.ts';
import { hashToken, randomToken } from '../../lib/crypto.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Extending the expiry on every request would write on every read; once an hour is enough. */
const SLIDE_AFTER_MS = 60 * 60 * 1000;

export async function createSession(db: DbOrTx, userId: string): Promise<string> {
  const token = randomToken();
  await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  return token;
}

/** The user and session behind a bearer token, or null when it is unknown, revoked or expired. */
export async function findSession(
  db: DbOrTx,
  token: string,
): Promise<{ user: UserRow; sessionId: string } | null> {
  const now = new Date();
  const [row] = await db
    .select({ user: users, session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.session.lastUsedAt.getTime() > SLIDE_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.id, row.session.id));
  }
  return { user: row.user, sessionId: row.session.id };
}

/** The user behind a bearer token, or null when the token is unknown, revoked or expired. */
export async function findSessionUser(db: DbOrTx, token: string): Promise<UserRow | null> {
  return (await findSession(db, token))?.user ?? null;
}

/** Which of these sessions still exist and have not expired. */
export async function liveSessions(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date())));
  return new Set(rows.map((r) => r.id));
}

/** Ends the session of this token; answers its id (to drop its sockets), if it existed. */
export async function revokeSession(db: DbOrTx, token: string): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Ends every session of the user; answers their ids (to drop their sockets). */
export async function revokeAllSessions(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
