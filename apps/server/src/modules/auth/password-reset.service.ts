// Password reset by e-mailed link (docs/PRODUCT.md): single-use token, stored as its SHA-256,
// valid 30 minutes. The request answers the same whether or not the address exists, and
// whether or not a mail went out: past the limits (per account and source, per account, per
// address) nothing is sent, and nothing says so. A new link does not void the earlier ones,
// so nobody can keep the owner's link from working by asking for more; using any one link
// voids all the others.
import { AUTH_MESSAGES } from '@app/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { renderMail } from '../../adapters/mail/templates.ts';
import type { AppContext } from '../../context.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { hashToken, randomToken } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { revokeAllSessions } from '../access/index.ts';
import { accountKey, countOne, mayMail, readCounts } from './attempts.ts';
import { findUserByEmail } from './auth.service.ts';
import { forgetDevices } from './devices.ts';
import { clearPins } from './pins.ts';

export const RESET_TTL_MS = 30 * 60 * 1000;
export const RESET_REQUESTED =
  'If an account exists for this email, we have sent a link to reset the password. It is valid for 30 minutes.';

export function resetLink(publicUrl: string, email: string, token: string): string {
  return `${publicUrl}/#/ResetPassword/${encodeURIComponent(email)}?token=${encodeURIComponent(token)}`;
}

export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  from: { source: string; addressOverLimit: boolean },
  now = new Date(),
): Promise<{ success: true; message: string }> {
  const user = await findUserByEmail(ctx.db, email);
  if (user && !from.addressOverLimit) {
    const token = randomToken();
    const account = accountKey(user.email);
    await ctx.transaction(async (tx) => {
      const counts = await readCounts(tx, 'resetMail', account, from.source, now);
      if (!mayMail('resetMail', counts.source, counts.accountTotal)) return;
      await countOne(tx, 'resetMail', account, from.source, now);
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + RESET_TTL_MS),
      });
      // Queued with the token and sent after commit, not awaited by the answer, so a known
      // address answers as fast as an unknown one.
      await ctx.sendMail(tx, {
        to: user.email,
        ...renderMail({
          subject: 'Reset your password',
          lines: [
            `Hello ${user.fullName},`,
            'Someone asked to reset the password of your account. Open the link below to choose a new one; it is valid for 30 minutes and works once.',
            'If it was not you, ignore this email: your password stays as it is.',
          ],
          action: { label: 'Reset password', url: resetLink(ctx.config.publicUrl, user.email, token) },
        }),
      });
    });
  }
  return { success: true, message: RESET_REQUESTED };
}

/** Sets a new password with a reset token; signs the account out everywhere. */
export async function resetPassword(
  ctx: AppContext,
  email: string,
  token: string,
  password: string,
  now = new Date(),
): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) throw badRequest(AUTH_MESSAGES.resetLinkInvalid);
  const passwordHash = await hashPassword(password);
  await ctx.transaction(async (tx) => {
    // Marking it used is the guard: of two requests with one token, one wins.
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          eq(passwordResetTokens.userId, user.id),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ id: passwordResetTokens.id });
    if (!used) throw badRequest(AUTH_MESSAGES.resetLinkInvalid);
    // Following the link proves the mailbox, so the address counts as verified.
    await tx
      .update(users)
      .set({ passwordHash, emailVerified: true, updatedAt: now })
      .where(eq(users.id, user.id));
    await tx
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    const ended = await revokeAllSessions(tx, user.id);
    ctx.afterCommit(tx, () => ctx.realtime.disconnectSessions(ended));
    await forgetDevices(tx, user.id);
    await clearPins(tx, user.id);
  });
}
