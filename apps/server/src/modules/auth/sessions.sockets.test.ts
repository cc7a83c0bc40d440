// A revoked session keeps no socket: sign-out, a password change, a password reset and
// account deletion drop that session's sockets at once; sessions ended behind the server's
// back (expiry, the create-admin command) are dropped by the periodic sweep.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { GOOD_PASSWORD, mailsTo, signedInVia } from '../../test/fixtures/auth.ts';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import { connect, disconnected, listen, type TestSocket } from '../../test/sockets.ts';

let app: TestApp;
let url: string;
const open: TestSocket[] = [];
beforeAll(async () => {
  // The sweep is far off here, so these tests see only the immediate disconnects.
  app = await createTestApp({ realtimeSweepMs: 600_000 });
  url = await listen(app);
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(() => app.dispose());

async function socketOf(token: string) {
  const s = await connect(url, token);
  open.push(s);
  return s;
}
/** A second session of the same account (another browser). */
async function anotherSession(email: string, password: string, deviceToken: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password, deviceToken },
  });
  expect(res.json().pinRequired, res.body).toBe(false);
  return res.json().token as string;
}
const stillConnected = async (s: TestSocket) => {
  await new Promise((r) => setTimeout(r, 200));
  return s.connected;
};

describe('revoked sessions lose their sockets', () => {
  it('sign-out drops that session’s sockets and only them', async () => {
    const user = await signedInVia(app);
    const other = await anotherSession(user.email, user.password, user.deviceToken);
    const mine = await socketOf(user.token);
    const mineToo = await socketOf(user.token);
    const theirs = await socketOf(other);
    const gone = Promise.all([disconnected(mine), disconnected(mineToo)]);
    const res = await app.inject({ method: 'POST', url: '/api/auth/signout', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await stillConnected(theirs)).toBe(true);
  });

  it('a password change drops every old session’s sockets; the new token connects', async () => {
    const user = await signedInVia(app);
    const other = await anotherSession(user.email, user.password, user.deviceToken);
    const sockets = [await socketOf(user.token), await socketOf(other)];
    const gone = Promise.all(sockets.map((s) => disconnected(s)));
    const res = await app.inject({
      method: 'PUT',
      url: `/api/auth/update/${user.id}`,
      headers: user.auth,
      payload: { oldPassword: user.password, newPassword: 'Another-Stamp-Set-19' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await gone;
    const fresh = await socketOf(res.json().token);
    expect(await stillConnected(fresh)).toBe(true);
  });

  it('a password reset drops the account’s sockets', async () => {
    const user = await signedInVia(app);
    const s = await socketOf(user.token);
    await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
    const token = await eventually(async () => {
      const mail = (await mailsTo(app, user.email)).find((m) => m.subject.startsWith('Reset your password'));
      return /\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    });
    const gone = disconnected(s);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/auth/updatePassword/${encodeURIComponent(user.email.toLowerCase())}`,
      payload: { password: `${GOOD_PASSWORD}-new`, token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it('deleting the account drops its sockets', async () => {
    const user = await signedInVia(app);
    const s = await socketOf(user.token);
    const gone = disconnected(s);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/auth/${user.id}`,
      headers: user.auth,
      payload: { password: user.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it('a session ended outside any request (expiry, admin command) is dropped by the sweep', async () => {
    const swept = await createTestApp({ realtimeSweepMs: 300 });
    try {
      const sweptUrl = await listen(swept);
      const user = await signedInVia(swept);
      const s = await connect(sweptUrl, user.token);
      open.push(s);
      const gone = disconnected(s, 3000);
      await swept.ctx.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user.id));
      expect(await gone).toBe('io server disconnect');
      // The dead token cannot come back: it connects as nobody.
      const again = await connect(sweptUrl, user.token);
      open.push(again);
      expect(await swept.ctx.realtime.isOnline(user.id)).toBe(false);
    } finally {
      for (const s of open.splice(0)) s.disconnect();
      await swept.dispose();
    }
  });
});
