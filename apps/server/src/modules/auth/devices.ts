// Trusted devices: after a correct PIN the browser receives a random token (stored here
// only as its SHA-256, bound to the user, valid 30 days). A sign-in that presents it —
// in the body field `deviceToken` or the header `X-Device-Token` — skips the PIN unless
// the account is an admin's or its e-mail is not verified.
import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { trustedDevices } from '../../db/schema/index.ts';
import { hashToken, randomToken } from '../../lib/crypto.ts';

export const DEVICE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export async function trustDevice(tx: DbOrTx, userId: string, now = new Date()): Promise<string> {
  const token = randomToken();
  await tx.insert(trustedDevices).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + DEVICE_TTL_MS),
  });
  return token;
}

export async function isTrustedDevice(
  db: DbOrTx,
  userId: string,
  token: string | null | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.tokenHash, hashToken(token)),
        eq(trustedDevices.userId, userId),
        gt(trustedDevices.expiresAt, now),
      ),
    )
    .limit(1);
  return !!row;
}

export async function forgetDevices(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
}
