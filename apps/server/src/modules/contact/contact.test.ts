import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ supportEmail: 'help@stampworks.test' });
});
afterAll(() => app.dispose());

const form = (over: Record<string, unknown> = {}) => ({
  fullName: 'Vera Visitor',
  email: 'vera@example.com',
  subject: 'Question about stamps',
  message: 'Do you cover Texas?',
  ...over,
});

describe('contact form', () => {
  it('shows the support address', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/contact/info' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ supportEmail: 'help@stampworks.test' });
  });

  it('mails support with the visitor as reply-to, and confirms to the visitor', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/contact', payload: form() });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/sent/);
    const mails = await app.ctx.mail.recent(10);
    const toSupport = mails.find((m) => m.to === 'help@stampworks.test');
    expect(toSupport).toMatchObject({ replyTo: 'vera@example.com' });
    expect(toSupport!.subject).toContain('Question about stamps');
    expect(toSupport!.text).toContain('Do you cover Texas?');
    expect(toSupport!.text).toContain('Vera Visitor');
    const confirmation = mails.find((m) => m.to === 'vera@example.com');
    expect(confirmation!.subject).toContain('We received your message');
    // The confirmation is a fixed text: nothing typed goes back to the address typed.
    expect(confirmation!.text).not.toContain('Do you cover Texas?');
    expect(confirmation!.text).not.toContain('Question about stamps');
    expect(confirmation!.text).not.toContain('Vera Visitor');
  });

  it('refuses a form with an empty field, with the product’s message, and sends nothing', async () => {
    const before = (await app.ctx.mail.recent(100)).length;
    for (const over of [
      { fullName: '' },
      { email: '  ' },
      { subject: '' },
      { message: '\n' },
      { message: undefined },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '10.2.0.1',
        payload: form(over),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please fill in all fields for the email.');
    }
    const bad = await app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.2.0.2',
      payload: form({ email: 'not-an-address' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address.');
    for (const payload of ['null', '[]', '"x"', '{"fullName":{}}', '{"email":["a@b.co"]}', '{']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '10.2.0.3',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
    expect((await app.ctx.mail.recent(100)).length).toBe(before);
  });

  it('answers "Failed to send email." when the mail cannot be queued, and queues neither', async () => {
    const before = (await app.ctx.mail.recent(100)).length;
    const queue = app.ctx.mail.queue;
    let calls = 0;
    // The first mail is written, the second fails: the transaction takes both back.
    app.ctx.mail.queue = async (tx, mail) => {
      calls += 1;
      if (calls === 2) throw new Error('database unavailable');
      await queue(tx, mail);
    };
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '10.3.0.1',
        payload: form({ email: 'down@example.com' }),
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Failed to send email.');
      expect((await app.ctx.mail.recent(100)).length).toBe(before);
    } finally {
      app.ctx.mail.queue = queue;
    }
  });

  it('limits messages per sender address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: `10.0.0.${i + 1}`,
        payload: form({ email: 'flood@example.com' }),
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toMatch(/Too many messages/);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('limits messages per IP address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '10.9.9.9',
        payload: form({ email: `sender${i}@example.com` }),
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
