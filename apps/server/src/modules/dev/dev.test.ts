import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderMail } from '../../adapters/mail/templates.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

it('shows outbox mail on /dev/mail only on the embedded default', async () => {
  await app.ctx.sendMail(app.ctx.db, {
    to: 'someone@example.com',
    ...renderMail({
      subject: 'Your sign-in PIN',
      lines: ['Your PIN is 123456 <b>'],
      action: { label: 'Open', url: 'http://localhost:3000/#/sign-in' },
    }),
  });
  const res = await app.inject({ method: 'GET', url: '/dev/mail' });
  if (app.ctx.database.kind === 'postgres') {
    // A deployment on a PostgreSQL server never shows mail in a page.
    expect(res.statusCode).toBe(404);
    return;
  }
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.body).toContain('Your sign-in PIN — StampWorks');
  expect(res.body).toContain('Your PIN is 123456 &lt;b&gt;');
  expect(res.body).toContain('<a href="http://localhost:3000/#/sign-in">');
  const css = await app.inject({ method: 'GET', url: '/dev/mail.css' });
  expect(css.statusCode).toBe(200);
  expect(css.headers['content-type']).toContain('text/css');
});

it('is never served in production, and production refuses to start without a way to send mail', async () => {
  expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: ':memory:' })).toThrow(/SMTP_URL is required/);
  const prod = await createTestApp({ env: 'production' });
  try {
    await prod.ctx.sendMail(prod.ctx.db, {
      to: 'someone@example.com',
      ...renderMail({ subject: 'PIN', lines: ['Your PIN is 123456'] }),
    });
    expect((await prod.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
  } finally {
    await prod.dispose();
  }
});

it('runs the payout run on POST /dev/payouts-run only when the browser-test hooks are on', async () => {
  const closed = await app.inject({
    method: 'POST',
    url: '/dev/payouts-run',
    payload: { date: '2026-11-29' },
  });
  expect(closed.statusCode).toBe(404);
  const hooked = await createTestApp({ testHooks: true });
  try {
    const bad = await hooked.inject({ method: 'POST', url: '/dev/payouts-run', payload: { date: 'Sunday' } });
    expect(bad.statusCode).toBe(400);
    const res = await hooked.inject({
      method: 'POST',
      url: '/dev/payouts-run',
      payload: { date: '2026-11-29' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ skipped: false, paid: 0, failed: 0, retrying: 0 });
  } finally {
    await hooked.dispose();
  }
});

it('answers only requests from this machine, whatever address the server listens on', async () => {
  if (app.ctx.database.kind === 'postgres') return;
  for (const remoteAddress of ['192.168.1.23', '10.0.0.5', '2001:db8::7', '::ffff:192.168.1.23']) {
    for (const url of ['/dev/mail', '/dev/mail.css']) {
      const res = await app.inject({ method: 'GET', url, remoteAddress });
      expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(403);
      expect(res.body).not.toContain('PIN');
    }
  }
  // A proxy on this machine forwards requests from anywhere: those are refused too.
  const proxied = await app.inject({
    method: 'GET',
    url: '/dev/mail',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': '192.168.1.23' },
  });
  expect(proxied.statusCode).toBe(403);
  for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
    expect((await app.inject({ method: 'GET', url: '/dev/mail', remoteAddress })).statusCode).toBe(200);
});
