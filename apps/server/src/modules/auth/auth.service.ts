// Sign-up, sign-in with the e-mailed PIN, and sign-out (decisions.md 'Accounts and sign-in').
import {
  AUTH_MESSAGES,
  PICTURE_NOT_OURS,
  type PublicUser,
  type SigninResponse,
  type signinBodySchema,
  type signupBodySchema,
  type VerifyPinResponse,
  type verifyPinBodySchema,
} from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { randomToken } from '../../lib/crypto.ts';
import { AppError, conflict, isUniqueViolation } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { setFileField } from '../files/files.service.ts';
import { isTrustedDevice, trustDevice } from './devices.ts';
import { consumePin, issuePin, PIN_MESSAGES } from './pins.ts';
import { presentUser } from './presenter.ts';
import { createSession, revokeSession } from './sessions.ts';

export const AUTH_TEXTS = {
  signedUp: 'Account created. Please sign in; we will email you a PIN to confirm your address.',
  signedIn: 'Signed in successfully.',
  pinVerified: 'PIN verified. You are signed in.',
  signedOut: 'Signed out.',
} as const;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function signup(ctx: AppContext, body: z.output<typeof signupBodySchema>): Promise<void> {
  if (await findUserByEmail(ctx.db, body.email))
    throw conflict('An account with this email already exists. Please sign in instead.', {
      email: AUTH_MESSAGES.emailTaken,
    });
  const passwordHash = await hashPassword(body.password);
  try {
    await ctx.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          fullName: body.fullName,
          email: body.email,
          passwordHash,
          role: body.role,
          emailVerified: false,
        })
        .returning({ id: users.id });
      // The sign-up form uploads its picture before the account exists.
      const picture = await setFileField(ctx, tx, {
        ownerId: user.id,
        kind: 'avatar',
        subjectId: user.id,
        current: null,
        next: body.profilePicture,
        field: 'profilePicture',
        message: PICTURE_NOT_OURS,
        acceptAnonymous: true,
      });
      if (picture) await tx.update(users).set({ profilePicture: picture }).where(eq(users.id, user.id));
    });
  } catch (err) {
    // Two sign-ups for one address at once: the unique index decides.
    if (isUniqueViolation(err))
      throw conflict('An account with this email already exists. Please sign in instead.', {
        email: AUTH_MESSAGES.emailTaken,
      });
    throw err;
  }
}

// Verifying against a real hash when the address is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;

export async function checkPassword(user: UserRow | undefined, password: string): Promise<boolean> {
  if (!user) {
    dummyHash ??= hashPassword(randomToken());
    await verifyPassword(await dummyHash, password);
    return false;
  }
  return verifyPassword(user.passwordHash, password);
}

export async function signin(
  ctx: AppContext,
  body: z.output<typeof signinBodySchema>,
  deviceToken: string | null | undefined,
  now = new Date(),
): Promise<SigninResponse> {
  const user = await findUserByEmail(ctx.db, body.email);
  if (!(await checkPassword(user, body.password)) || !user)
    throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.wrongCredentials);

  const pinRequired =
    !user.emailVerified ||
    user.role === 'admin' ||
    !(await isTrustedDevice(ctx.db, user.id, deviceToken, now));
  if (pinRequired) {
    await issuePin(ctx, user, now);
    return { message: PIN_MESSAGES.sent, pinRequired: true };
  }
  const token = await createSession(ctx.db, user.id);
  return { message: AUTH_TEXTS.signedIn, pinRequired: false, user: presentUser(user), token };
}

export async function verifyPin(
  ctx: AppContext,
  body: z.output<typeof verifyPinBodySchema>,
  now = new Date(),
): Promise<VerifyPinResponse> {
  const user = await findUserByEmail(ctx.db, body.email);
  await consumePin(ctx, user, body.pin, now);
  const found = user!;
  return ctx.transaction(async (tx) => {
    const [verified] = await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: now })
      .where(eq(users.id, found.id))
      .returning();
    if (!verified) throw new AppError('BAD_REQUEST', PIN_MESSAGES.noneOpen);
    const token = await createSession(tx, found.id);
    const deviceToken = await trustDevice(tx, found.id, now);
    return { message: AUTH_TEXTS.pinVerified, user: presentUser(verified), token, deviceToken };
  });
}

export async function signout(ctx: AppContext, token: string): Promise<void> {
  // The session's sockets go with it, on every instance.
  ctx.realtime.disconnectSessions(await revokeSession(ctx.db, token));
}

export type { PublicUser };
