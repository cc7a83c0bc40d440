// The signed-in person's own account: read, update (name, e-mail, picture, password) and delete.
import { AUTH_MESSAGES, PICTURE_NOT_OURS, type PublicUser, type updateUserBodySchema } from '@app/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { createSession, revokeAllSessions } from '../access/index.ts';
import { discardFilesOfUser, setFileField } from '../files/index.ts';
import { canDeleteOwnAccount, canManageAccount } from './auth.policy.ts';
import { presentUser } from './presenter.ts';

export const ACCOUNT_TEXTS = {
  updated: 'Profile updated successfully!',
  deleted: 'Your account has been deleted.',
  notYours: 'You can only manage your own account.',
} as const;

export function getOwnAccount(caller: UserRow, id: string): PublicUser {
  if (!canManageAccount(caller, id)) throw forbidden(ACCOUNT_TEXTS.notYours);
  return presentUser(caller);
}

const fieldError = (code: 'BAD_REQUEST' | 'CONFLICT', field: string, message: string) =>
  new AppError(code, message, { [field]: message });

export async function updateAccount(
  ctx: AppContext,
  caller: UserRow,
  id: string,
  body: z.output<typeof updateUserBodySchema>,
): Promise<{ message: string; user: PublicUser; token?: string }> {
  if (!canManageAccount(caller, id)) throw forbidden(ACCOUNT_TEXTS.notYours);
  const emailChanges = body.email !== undefined && body.email !== caller.email.toLowerCase();
  const passwordChanges = body.newPassword !== undefined;
  if (emailChanges || passwordChanges) {
    if (!body.oldPassword) throw fieldError('BAD_REQUEST', 'oldPassword', AUTH_MESSAGES.oldPasswordRequired);
    if (!(await verifyPassword(caller.passwordHash, body.oldPassword)))
      throw fieldError('BAD_REQUEST', 'oldPassword', AUTH_MESSAGES.oldPasswordIncorrect);
  }
  if (emailChanges) {
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, body.email!), ne(users.id, caller.id)))
      .limit(1);
    if (taken) throw fieldError('CONFLICT', 'email', AUTH_MESSAGES.emailTaken);
  }
  const passwordHash = passwordChanges ? await hashPassword(body.newPassword!) : undefined;

  try {
    return await ctx.transaction(async (tx) => {
      const picture = await setFileField(ctx, tx, {
        ownerId: caller.id,
        kind: 'avatar',
        subjectId: caller.id,
        current: caller.profilePicture,
        next: body.profile_picture,
        field: 'profile_picture',
        message: PICTURE_NOT_OURS,
      });
      const [row] = await tx
        .update(users)
        .set({
          ...(body.full_name !== undefined ? { fullName: body.full_name } : {}),
          // A new address is unconfirmed until a PIN sent to it is entered.
          ...(emailChanges ? { email: body.email!, emailVerified: false } : {}),
          profilePicture: picture,
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, caller.id))
        .returning();
      if (!passwordHash) return { message: ACCOUNT_TEXTS.updated, user: presentUser(row) };
      // A new password signs out every other session, and this one too: it gets a fresh token.
      // Their sockets are dropped once that commits; this browser reconnects with the new token.
      const ended = await revokeAllSessions(tx, caller.id);
      ctx.afterCommit(tx, () => ctx.realtime.disconnectSessions(ended));
      const token = await createSession(tx, caller.id);
      return { message: ACCOUNT_TEXTS.updated, user: presentUser(row), token };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('CONFLICT', 'email', AUTH_MESSAGES.emailTaken);
    throw err;
  }
}

export async function deleteAccount(
  ctx: AppContext,
  caller: UserRow,
  id: string,
  password: string,
): Promise<void> {
  if (!canManageAccount(caller, id)) throw forbidden(ACCOUNT_TEXTS.notYours);
  if (!(await verifyPassword(caller.passwordHash, password)))
    throw fieldError('BAD_REQUEST', 'password', AUTH_MESSAGES.passwordIncorrect);
  if (!canDeleteOwnAccount(caller))
    throw badRequest('Admin accounts cannot be deleted from the profile page.');
  try {
    await ctx.transaction(async (tx) => {
      // Uploads go with their uploader: rows here, bytes once the deletion commits.
      await discardFilesOfUser(ctx, tx, caller.id);
      // Sessions, PINs, trusted devices, reset tokens and notifications go with it (ON DELETE CASCADE).
      await tx.delete(users).where(eq(users.id, caller.id));
    });
    ctx.realtime.disconnectUser(caller.id);
  } catch (err) {
    // A row that must be kept still names the account: NO ACTION references answer 23503,
    // RESTRICT ones (contract signatures) 23001.
    const e = err as { code?: string; cause?: { code?: string } };
    const code = e?.cause?.code ?? e?.code;
    if (code === '23503' || code === '23001')
      throw conflict(
        'This account still has projects, payments or other records that must be kept, so it cannot be deleted. Please contact support.',
      );
    throw err;
  }
}
