// Sign-up, sign-in with the e-mailed PIN, and sign-out (docs/PRODUCT.md#accounts-and-sign-in).
import {
  AUTH_MESSAGES,
  PICTURE_NOT_OURS,
  PRODUCT_NAME,
  type PublicUser,
  type SigninResponse,
  type signinBodySchema,
  type signupBodySchema,
  type VerifyPinResponse,
  type verifyPinBodySchema,
} from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { renderMail } from '../../adapters/mail/templates.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { hashToken, randomToken } from '../../lib/crypto.ts';
import { AppError, isUniqueViolation } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { createSession, revokeSession, sourceOfAddress, tooMany } from '../access/index.ts';
import { setFileField } from '../files/index.ts';
import {
  accountKey,
  clearCount,
  countOne,
  deviceSource,
  mayMail,
  readCounts,
  signinVerdict,
} from './attempts.ts';
import { isRefusedDemoAdmin } from './demo-admin.ts';
import { isTrustedDevice, trustDevice } from './devices.ts';
import { consumePin, issuePin, PIN_MESSAGES } from './pins.ts';
import { presentUser } from './presenter.ts';

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

/**
 * Creates the account. An address that already has one gets the same answer, so sign-up
 * cannot tell a stranger who is registered (sign-in already answers alike for both); the
 * owner is told by mail instead (signupNotice), at most once an hour.
 */
export async function signup(
  ctx: AppContext,
  body: z.output<typeof signupBodySchema>,
  now = new Date(),
): Promise<void> {
  // Hashed in both cases, so the two answers take the same time.
  const passwordHash = await hashPassword(body.password);
  const existing = await findUserByEmail(ctx.db, body.email);
  if (existing) return tellOwnerOfSignup(ctx, existing, now);
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
    // Two sign-ups for one address at once: the unique index decides, and the second is
    // answered like any sign-up for a registered address.
    if (!isUniqueViolation(err)) throw err;
    const winner = await findUserByEmail(ctx.db, body.email);
    if (winner) await tellOwnerOfSignup(ctx, winner, now);
  }
}

async function tellOwnerOfSignup(ctx: AppContext, owner: UserRow, now: Date): Promise<void> {
  const account = accountKey(owner.email);
  await ctx.transaction(async (tx) => {
    const counts = await readCounts(tx, 'signupNotice', account, '', now);
    if (!mayMail('signupNotice', counts.source, counts.accountTotal)) return;
    await countOne(tx, 'signupNotice', account, '', now);
    await ctx.sendMail(tx, {
      to: owner.email,
      ...renderMail({
        subject: 'Someone tried to sign up with your address',
        lines: [
          `Hello ${owner.fullName},`,
          `Someone tried to create a new ${PRODUCT_NAME} account with this email address, which already has one. No new account was made.`,
          'If it was you, sign in with your password instead; if you forgot it, reset it from the sign-in page.',
          'If it was not you, you need not do anything.',
        ],
        action: { label: 'Sign in', url: `${ctx.config.publicUrl}/#/sign-in` },
      }),
    });
  });
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

/**
 * Signs in from `address` (the client's IP). Wrong passwords are counted per account and
 * source (attempts.ts): a trusted device is its own source, so the owner's browser is never
 * held back by what others try from elsewhere, or even from the same network.
 */
export async function signin(
  ctx: AppContext,
  body: z.output<typeof signinBodySchema>,
  deviceToken: string | null | undefined,
  address: string,
  now = new Date(),
): Promise<SigninResponse> {
  const user = await findUserByEmail(ctx.db, body.email);
  const trusted = !!user && !!deviceToken && (await isTrustedDevice(ctx.db, user.id, deviceToken, now));
  const account = accountKey(body.email);
  const source = trusted ? deviceSource(hashToken(deviceToken!)) : sourceOfAddress(address);
  const counts = await readCounts(ctx.db, 'signinFailure', account, source, now);
  const verdict = signinVerdict(
    { source: counts.source, accountFailures: counts.accountTotal, trustedDevice: trusted },
    now,
  );
  if (!verdict.allowed) throw tooMany(verdict.waitMs);
  if (!(await checkPassword(user, body.password)) || !user || isRefusedDemoAdmin(ctx, user, body.password)) {
    await countOne(ctx.db, 'signinFailure', account, source, now);
    throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.wrongCredentials);
  }
  if (counts.source) await clearCount(ctx.db, 'signinFailure', account, source);

  const pinRequired = !user.emailVerified || user.role === 'admin' || !trusted;
  if (pinRequired) {
    const challenge = await issuePin(ctx, user, now);
    return { message: PIN_MESSAGES.sent, pinRequired: true, challenge };
  }
  const token = await createSession(ctx.db, user.id);
  return { message: AUTH_TEXTS.signedIn, pinRequired: false, user: presentUser(user), token };
}

export async function verifyPin(
  ctx: AppContext,
  body: z.output<typeof verifyPinBodySchema>,
  challenge: string | null | undefined,
  now = new Date(),
): Promise<VerifyPinResponse> {
  const user = await findUserByEmail(ctx.db, body.email);
  await consumePin(ctx, user, body.pin, challenge, now);
  const found = user!;
  return ctx.transaction(async (tx) => {
    const [verified] = await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: now })
      .where(eq(users.id, found.id))
      .returning();
    if (!verified) throw new AppError('BAD_REQUEST', PIN_MESSAGES.notRight);
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
