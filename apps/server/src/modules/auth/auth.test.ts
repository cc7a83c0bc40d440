import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, sessions, signInPins, trustedDevices, users } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/crypto.ts';
import {
  browser,
  expectNoSecrets,
  GOOD_PASSWORD,
  latestPin,
  mailsTo,
  signedInVia,
  signupVia,
  uniqueEmail,
} from '../../test/fixtures/auth.ts';
import { uploaded } from '../../test/fixtures/files.ts';
import { createTestApp, createUser, eventually, type TestApp } from '../../test/harness.ts';
import { findUserByEmail, verifyPin } from './auth.service.ts';
import { requestPasswordReset } from './password-reset.service.ts';
import { PIN_MESSAGES, resendPin } from './pins.ts';

let app: TestApp;
/** One browser: it keeps the PIN challenge's cookie between calls, as the sign-in page does. */
let post: ReturnType<typeof browser>;
beforeAll(async () => {
  // Relaxed limits: these tests sign in many times from one address; limits have their own file.
  app = await createTestApp({ rateLimitScale: 100 });
  post = browser(app);
});
afterAll(() => app.dispose());

describe('sign-up', () => {
  it('creates an unverified account; a second sign-up for the address, in any case, gets the same answer and creates nothing', async () => {
    const email = uniqueEmail('Signup');
    const res = await post('/api/auth/signup', {
      fullName: '  Ada Lovelace ',
      email: `  ${email.toUpperCase()} `,
      password: GOOD_PASSWORD,
      role: 'engineer',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const row = await findUserByEmail(app.ctx.db, email);
    expect(row).toMatchObject({ fullName: 'Ada Lovelace', email: email.toLowerCase(), role: 'engineer' });
    expect(row!.emailVerified).toBe(false);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const again = await post('/api/auth/signup', {
      fullName: 'Other',
      email: email.toLowerCase(),
      password: 'Another-Good-Pass-8',
      role: 'client',
    });
    // A stranger learns nothing: the same answer as for a new address.
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(res.json());
    expect(await findUserByEmail(app.ctx.db, email)).toMatchObject({
      id: row!.id,
      role: 'engineer',
      fullName: 'Ada Lovelace',
    });
    expect((await findUserByEmail(app.ctx.db, email))!.passwordHash).toBe(row!.passwordHash);
    // The owner is told by mail, once an hour however often it is tried.
    await post('/api/auth/signup', { fullName: 'Third', email, password: GOOD_PASSWORD, role: 'client' });
    const notices = (await mailsTo(app, email)).filter((m) =>
      m.subject.startsWith('Someone tried to sign up with your address'),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain('No new account was made.');
  });

  it('requires every field and refuses admin, weak and common passwords without creating anything', async () => {
    const email = uniqueEmail();
    const cases: Array<[object, number, string]> = [
      [{}, 400, AUTH_MESSAGES.signupRequired],
      [{ email, password: GOOD_PASSWORD, role: 'client' }, 400, AUTH_MESSAGES.signupRequired],
      [
        { fullName: '   ', email, password: GOOD_PASSWORD, role: 'client' },
        400,
        AUTH_MESSAGES.signupRequired,
      ],
      [{ fullName: 'A', email, password: GOOD_PASSWORD }, 400, AUTH_MESSAGES.signupRequired],
      [{ fullName: 'A', email, password: GOOD_PASSWORD, role: 'admin' }, 400, AUTH_MESSAGES.invalidRole],
      [
        { fullName: 'A', email: 'not-an-email', password: GOOD_PASSWORD, role: 'client' },
        400,
        AUTH_MESSAGES.invalidEmail,
      ],
      [{ fullName: 'A', email, password: 'Sh0rt!', role: 'client' }, 400, PASSWORD_MESSAGES.tooShort],
      [{ fullName: 'A', email, password: 'x'.repeat(129), role: 'client' }, 400, PASSWORD_MESSAGES.tooLong],
      [{ fullName: 'A', email, password: 'PassWord1', role: 'client' }, 400, PASSWORD_MESSAGES.tooCommon],
      [{ fullName: 'A', email, password: 'QWERTYUIOP', role: 'client' }, 400, PASSWORD_MESSAGES.tooCommon],
      [
        {
          fullName: 'A',
          email,
          password: GOOD_PASSWORD,
          role: 'client',
          profilePicture: 'https://evil.example/x.png',
        },
        400,
        'The profile picture must be an image uploaded here.',
      ],
    ];
    for (const [payload, status, message] of cases) {
      const res = await post('/api/auth/signup', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(await findUserByEmail(app.ctx.db, email)).toBeUndefined();
  });
});

describe('sign-in and PIN', () => {
  it('asks for a PIN on the first sign-in, then trusts the device that confirmed it', async () => {
    const { email, password } = await signupVia(app);
    const first = await post('/api/auth/signin', { email, password });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: PIN_MESSAGES.sent,
      pinRequired: true,
      challenge: expect.any(String),
    });

    const [mail] = await mailsTo(app, email);
    expect(mail.subject).toContain('Your sign-in PIN');
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain('10 minutes');
    const pin = await latestPin(app, email);
    expect(mail.html).toContain(pin);

    const verified = await post('/api/auth/verify-pin', { email: email.toUpperCase(), pin });
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(Object.keys(body).sort()).toEqual(['deviceToken', 'message', 'token', 'user']);
    expect(Object.keys(body.user).sort()).toEqual(['email', 'full_name', 'id', 'profile_picture', 'role']);
    expectNoSecrets(verified.body);
    expect((await findUserByEmail(app.ctx.db, email))!.emailVerified).toBe(true);

    // The PIN works once.
    const reuse = await post('/api/auth/verify-pin', { email, pin });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(PIN_MESSAGES.notRight);

    // The session token works; tokens are stored only hashed.
    const me = await app.inject({
      method: 'GET',
      url: `/api/auth/${body.user.id}`,
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.user);
    const sessionRows = await app.ctx.db.select().from(sessions).where(eq(sessions.userId, body.user.id));
    expect(sessionRows.map((s) => s.tokenHash)).toContain(hashToken(body.token));
    expect(JSON.stringify(sessionRows)).not.toContain(body.token);
    const deviceRows = await app.ctx.db
      .select()
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, body.user.id));
    expect(deviceRows).toHaveLength(1);
    expect(deviceRows[0].tokenHash).toBe(hashToken(body.deviceToken));
    expect(deviceRows[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(JSON.stringify(deviceRows)).not.toContain(body.deviceToken);

    // With the device token (body or header) no PIN; without it, a PIN again.
    const viaBody = await post('/api/auth/signin', { email, password, deviceToken: body.deviceToken });
    expect(viaBody.json()).toMatchObject({ pinRequired: false, token: expect.any(String) });
    expect(viaBody.json().user).toEqual(body.user);
    expectNoSecrets(viaBody.body);
    const viaHeader = await post(
      '/api/auth/signin',
      { email, password },
      { 'x-device-token': body.deviceToken },
    );
    expect(viaHeader.json().pinRequired).toBe(false);
    const without = await post('/api/auth/signin', { email, password });
    expect(without.json().pinRequired).toBe(true);
    const forged = await post('/api/auth/signin', { email, password, deviceToken: 'forged-token' });
    expect(forged.json().pinRequired).toBe(true);
  });

  it('does not accept one account’s device token for another account', async () => {
    const a = await signedInVia(app);
    const b = await signedInVia(app);
    const res = await post('/api/auth/signin', {
      email: b.email,
      password: b.password,
      deviceToken: a.deviceToken,
    });
    expect(res.json().pinRequired).toBe(true);
  });

  it('always asks an admin for a PIN, even on a trusted device', async () => {
    const admin = await signedInVia(app);
    await app.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const res = await post('/api/auth/signin', {
      email: admin.email,
      password: admin.password,
      deviceToken: admin.deviceToken,
    });
    expect(res.json()).toEqual({
      message: PIN_MESSAGES.sent,
      pinRequired: true,
      challenge: expect.any(String),
    });
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const { email } = await signupVia(app);
    const wrong = await post('/api/auth/signin', { email, password: 'Not-The-Password-9' });
    const unknown = await post('/api/auth/signin', { email: uniqueEmail('nobody'), password: GOOD_PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(AUTH_MESSAGES.wrongCredentials);
    expect(await mailsTo(app, email)).toHaveLength(0);
    const empty = await post('/api/auth/signin', { email: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(AUTH_MESSAGES.signinRequired);
  });

  it('voids the PIN after 5 wrong tries', async () => {
    const { email, password } = await signupVia(app);
    await post('/api/auth/signin', { email, password });
    const pin = await latestPin(app, email);
    const wrongPin = pin === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const res = await post('/api/auth/verify-pin', { email, pin: wrongPin });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(i < 5 ? PIN_MESSAGES.notRight : PIN_MESSAGES.voided);
    }
    const right = await post('/api/auth/verify-pin', { email, pin });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(PIN_MESSAGES.voided);
    const resend = await post('/api/auth/resendPin', { email });
    expect(resend.statusCode).toBe(404);
    expect(resend.json().message).toBe(AUTH_MESSAGES.emailNotFound);
    expect((await findUserByEmail(app.ctx.db, email))!.emailVerified).toBe(false);

    // Signing in again gives a new PIN that works.
    await post('/api/auth/signin', { email, password });
    const fresh = await latestPin(app, email);
    expect((await post('/api/auth/verify-pin', { email, pin: fresh })).statusCode).toBe(200);
  });

  it('refuses a PIN older than 10 minutes', async () => {
    const { email, password } = await signupVia(app);
    const { challenge } = (await post('/api/auth/signin', { email, password })).json();
    const pin = await latestPin(app, email);
    const later = new Date(Date.now() + 10 * 60 * 1000 + 1000);
    await expect(verifyPin(app.ctx, { email, pin }, challenge, later)).rejects.toThrow(PIN_MESSAGES.expired);
    const almost = new Date(Date.now() + 9 * 60 * 1000);
    await expect(verifyPin(app.ctx, { email, pin }, challenge, almost)).resolves.toMatchObject({
      user: { email },
    });
  });

  it('rejects malformed PINs with the form’s messages', async () => {
    const { email } = await signupVia(app);
    expect((await post('/api/auth/verify-pin', { email })).json().message).toBe(AUTH_MESSAGES.pinRequired);
    expect((await post('/api/auth/verify-pin', { email, pin: '12ab56' })).json().message).toBe(
      AUTH_MESSAGES.pinFormat,
    );
    const none = await post('/api/auth/verify-pin', { email: uniqueEmail(), pin: '123456' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(PIN_MESSAGES.notRight);
  });
});

describe('resending the PIN', () => {
  it('sends a new PIN that replaces the old one', async () => {
    const { email, password } = await signupVia(app);
    await post('/api/auth/signin', { email, password });
    const oldPin = await latestPin(app, email);
    // The first resend within 30 s of the sign-in is refused.
    const tooSoon = await post('/api/auth/resendPin', { email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/^Please wait \d+ seconds? before asking for another PIN\.$/);
    // Move the last send back 31 s instead of sleeping.
    const user = (await findUserByEmail(app.ctx.db, email))!;
    await app.ctx.db
      .update(signInPins)
      .set({ lastSentAt: new Date(Date.now() - 31_000) })
      .where(eq(signInPins.userId, user.id));
    const res = await post('/api/auth/resendPin', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.pinResent });
    const newPin = await latestPin(app, email);
    expect((await mailsTo(app, email)).length).toBe(2);
    if (newPin !== oldPin) {
      const old = await post('/api/auth/verify-pin', { email, pin: oldPin });
      expect(old.statusCode).toBe(400);
    }
    expect((await post('/api/auth/verify-pin', { email, pin: newPin })).statusCode).toBe(200);
  });

  it('allows one resend per 30 seconds and five an hour', async () => {
    const { email, password } = await signupVia(app);
    const { challenge } = (await post('/api/auth/signin', { email, password })).json();
    const user = (await findUserByEmail(app.ctx.db, email))!;
    const t0 = Date.now();
    const at = (s: number) => new Date(t0 + s * 1000);
    for (let i = 1; i <= 5; i++) await resendPin(app.ctx, user, challenge, at(31 * i));
    await expect(resendPin(app.ctx, user, challenge, at(31 * 5 + 10))).rejects.toThrow(
      /Please wait 20 seconds/,
    );
    await expect(resendPin(app.ctx, user, challenge, at(31 * 6))).rejects.toThrow(/5 PINs in the last hour/);
    // A new hour opens a new window (the challenge lives an hour, so sign in again first).
    await expect(resendPin(app.ctx, user, challenge, at(3700))).rejects.toThrow(AUTH_MESSAGES.emailNotFound);
    const again = (await post('/api/auth/signin', { email, password })).json().challenge;
    await app.ctx.db
      .update(signInPins)
      .set({ challengedAt: at(3600), lastSentAt: at(3600) })
      .where(eq(signInPins.userId, user.id));
    await expect(resendPin(app.ctx, user, again, at(3700))).resolves.toBeUndefined();
  });

  it('answers 404 with the product’s message when no sign-in waits for a PIN', async () => {
    const { email } = await signupVia(app);
    for (const address of [email, uniqueEmail('ghost')]) {
      const res = await post('/api/auth/resendPin', { email: address });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Email not found, please try signing in again.');
    }
  });
});

describe('password reset', () => {
  async function resetTokenFor(email: string): Promise<string> {
    const mail = (await mailsTo(app, email)).find((m) => m.subject.startsWith('Reset your password'));
    expect(mail).toBeDefined();
    const link = new RegExp(
      `${app.ctx.config.publicUrl.replace(/[.:/]/g, '\\$&')}/#/ResetPassword/${encodeURIComponent(email.toLowerCase()).replace(/[.+]/g, '\\$&')}\\?token=([\\w-]+)`,
    ).exec(mail!.text);
    expect(link, mail!.text).not.toBeNull();
    expect(mail!.html).toContain(link![0]);
    return link![1];
  }
  // The reset mail itself: a sign-in PIN mail may already be there.
  const waitForMail = (email: string) =>
    eventually(async () =>
      (await mailsTo(app, email)).some((m) => m.subject.startsWith('Reset your password')),
    );

  it('answers the same for known and unknown addresses and mails a working single-use link', async () => {
    const user = await signedInVia(app, { email: uniqueEmail('Reset+tag') });
    const known = await post('/api/auth/password-reset', { email: user.email });
    const unknown = await post('/api/auth/password-reset', { email: uniqueEmail('nobody') });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().success).toBe(true);
    await waitForMail(user.email);
    const token = await resetTokenFor(user.email);
    const stored = await app.ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored[0].tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const newPassword = 'Fresh-Drawing-Set-77';
    const url = `/api/auth/updatePassword/${encodeURIComponent(user.email.toLowerCase())}`;
    const weak = await app.inject({ method: 'PUT', url, payload: { password: 'password1', token } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PASSWORD_MESSAGES.tooCommon);

    const ok = await app.inject({ method: 'PUT', url, payload: { password: newPassword, token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password reset successfully!' });
    // Every session and trusted device of the account is gone.
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/${user.id}`, headers: user.auth })).statusCode,
    ).toBe(401);
    const signin = await post('/api/auth/signin', {
      email: user.email,
      password: newPassword,
      deviceToken: user.deviceToken,
    });
    expect(signin.json().pinRequired).toBe(true);
    expect((await post('/api/auth/signin', { email: user.email, password: user.password })).statusCode).toBe(
      401,
    );

    const reused = await app.inject({
      method: 'PUT',
      url,
      payload: { password: 'Another-Good-One-5', token },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(AUTH_MESSAGES.resetLinkInvalid);
    expect(
      (await post('/api/auth/signin', { email: user.email, password: 'Another-Good-One-5' })).statusCode,
    ).toBe(401);
  });

  it('changes nothing without a valid token, for another address, or after 30 minutes', async () => {
    const user = await signedInVia(app);
    const other = await signedInVia(app);
    const before = (await findUserByEmail(app.ctx.db, user.email))!.passwordHash;
    await requestPasswordReset(
      app.ctx,
      user.email,
      { source: '203.0.113.1', addressOverLimit: false },
      new Date(Date.now() - 31 * 60 * 1000),
    );
    await waitForMail(user.email);
    const expired = await resetTokenFor(user.email);
    await post('/api/auth/password-reset', { email: other.email });
    await waitForMail(other.email);
    const othersToken = await resetTokenFor(other.email);

    const url = `/api/auth/updatePassword/${encodeURIComponent(user.email.toLowerCase())}`;
    for (const payload of [
      { password: 'Brand-New-Pass-31' },
      { password: 'Brand-New-Pass-31', token: '' },
      { password: 'Brand-New-Pass-31', token: 'made-up-token' },
      { password: 'Brand-New-Pass-31', token: expired },
      { password: 'Brand-New-Pass-31', token: othersToken },
    ]) {
      const res = await app.inject({ method: 'PUT', url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(AUTH_MESSAGES.resetLinkInvalid);
    }
    expect((await findUserByEmail(app.ctx.db, user.email))!.passwordHash).toBe(before);
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/${user.id}`, headers: user.auth })).statusCode,
    ).toBe(200);
    // The other account's token still works for its own address.
    const own = await app.inject({
      method: 'PUT',
      url: `/api/auth/updatePassword/${encodeURIComponent(other.email)}`,
      payload: { password: 'Brand-New-Pass-31', token: othersToken },
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('sign-out and the own account', () => {
  it('signs out only the calling session', async () => {
    const user = await signedInVia(app);
    const second = await post('/api/auth/signin', {
      email: user.email,
      password: user.password,
      deviceToken: user.deviceToken,
    });
    const other = { authorization: `Bearer ${second.json().token}` };
    const out = await post('/api/auth/signout', {}, user.auth);
    expect(out.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/${user.id}`, headers: user.auth })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/${user.id}`, headers: other })).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/signout' })).statusCode).toBe(401);
  });

  it('shows a user only their own record', async () => {
    const alice = await createUser(app);
    const bob = await createUser(app);
    const own = await app.inject({ method: 'GET', url: `/api/auth/${alice.id}`, headers: alice.auth });
    expect(own.json()).toEqual({
      id: alice.id,
      full_name: alice.fullName,
      email: alice.email,
      profile_picture: null,
      role: 'client',
    });
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/${alice.id}`, headers: bob.auth })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/auth/${alice.id}` })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/not-a-uuid', headers: bob.auth })).statusCode,
    ).toBe(400);
  });

  it('updates the name and picture without a password, and e-mail or password only with the old one', async () => {
    const user = await signedInVia(app);
    const url = `/api/auth/update/${user.id}`;
    const put = (payload: object, headers = user.auth) =>
      app.inject({ method: 'PUT', url, payload, headers });
    const picture = await uploaded(app, 'avatar', user.auth);

    const named = await put({
      full_name: 'Grace Hopper',
      profile_picture: picture,
      oldPassword: '',
      newPassword: '',
    });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual({
      message: 'Profile updated successfully!',
      user: {
        id: user.id,
        full_name: 'Grace Hopper',
        email: user.email,
        profile_picture: picture,
        role: 'client',
      },
    });
    expectNoSecrets(named.body);

    const noOld = await put({ email: uniqueEmail('new') });
    expect(noOld.statusCode).toBe(400);
    expect(noOld.json().message).toContain('Old password');
    expect(noOld.json().fields.oldPassword).toContain('Old password');
    const badOld = await put({ newPassword: 'Changed-Password-88', oldPassword: 'wrong-old-pass' });
    expect(badOld.statusCode).toBe(400);
    expect(badOld.json().message).toBe(AUTH_MESSAGES.oldPasswordIncorrect);
    const weak = await put({ newPassword: 'iloveyou1', oldPassword: user.password });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.newPassword).toBe(PASSWORD_MESSAGES.tooCommon);
    const taken = await signupVia(app);
    const dup = await put({ email: taken.email.toUpperCase(), oldPassword: user.password });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toContain('Email');
    expect(dup.json().fields.email).toBe(AUTH_MESSAGES.emailTaken);
    const badPicture = await put({ profile_picture: 'javascript:alert(1)' });
    expect(badPicture.statusCode).toBe(400);
    // Nothing changed by the refused calls.
    const row = (await findUserByEmail(app.ctx.db, user.email))!;
    expect(row).toMatchObject({ fullName: 'Grace Hopper', profilePicture: picture });

    // Someone else's id: 403 and nothing changes.
    const stranger = await createUser(app);
    const foreign = await put({ full_name: 'Hacked' }, stranger.auth);
    expect(foreign.statusCode).toBe(403);

    // Password change: every session ends, a fresh token is answered.
    const second = await post('/api/auth/signin', {
      email: user.email,
      password: user.password,
      deviceToken: user.deviceToken,
    });
    const secondAuth = { authorization: `Bearer ${second.json().token}` };
    const changed = await put({ newPassword: 'Changed-Password-88', oldPassword: user.password });
    expect(changed.statusCode).toBe(200);
    const token = changed.json().token as string;
    expect(token).toEqual(expect.any(String));
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/${user.id}`, headers: secondAuth })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/${user.id}`, headers: user.auth })).statusCode,
    ).toBe(401);
    const fresh = { authorization: `Bearer ${token}` };
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/${user.id}`, headers: fresh })).statusCode,
    ).toBe(200);
    expect((await post('/api/auth/signin', { email: user.email, password: user.password })).statusCode).toBe(
      401,
    );

    // E-mail change: the new address must be confirmed by PIN on the next sign-in.
    const newEmail = uniqueEmail('moved');
    const moved = await put({ email: newEmail, oldPassword: 'Changed-Password-88' }, fresh);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().user.email).toBe(newEmail);
    const again = await post('/api/auth/signin', {
      email: newEmail,
      password: 'Changed-Password-88',
      deviceToken: user.deviceToken,
    });
    expect(again.json().pinRequired).toBe(true);
    expect((await mailsTo(app, newEmail)).length).toBe(1);
  });

  it('deletes the account only with its password and only for its owner', async () => {
    const user = await signedInVia(app);
    const stranger = await createUser(app);
    const del = (payload: object, headers: Record<string, string>) =>
      app.inject({ method: 'DELETE', url: `/api/auth/${user.id}`, payload, headers });

    expect((await del({ password: user.password }, stranger.auth)).statusCode).toBe(403);
    const wrong = await del({ password: 'not-my-password' }, user.auth);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.passwordIncorrect);
    expect((await del({}, user.auth)).statusCode).toBe(400);
    expect(await findUserByEmail(app.ctx.db, user.email)).toBeDefined();

    const ok = await del({ password: user.password }, user.auth);
    expect(ok.statusCode).toBe(200);
    expect(await findUserByEmail(app.ctx.db, user.email)).toBeUndefined();
    expect(await app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/${user.id}`, headers: user.auth })).statusCode,
    ).toBe(401);
    expect((await post('/api/auth/signin', { email: user.email, password: user.password })).statusCode).toBe(
      401,
    );
  });
});
