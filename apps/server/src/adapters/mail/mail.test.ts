// The mail queue against a real SMTP server: mail goes out once its transaction commits,
// never when it rolls back, is retried with backoff after a refusal, given up after a
// permanent one, and sent once when two senders race for it.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailQueue, mailSenders } from '../../db/schema/index.ts';
import { createTestApp, eventually, type TestApp } from '../../test/harness.ts';
import { startSmtp, type TestSmtp } from '../../test/smtp.ts';
import { isPermanentFailure, MAIL_MAX_ATTEMPTS, retryDelayMs } from './mail.ts';

describe('retry rules', () => {
  it('waits longer after each try, up to four hours', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(5)).toBe(480_000);
    expect(retryDelayMs(30)).toBe(4 * 60 * 60_000);
  });
  it('gives up only on SMTP 5xx answers', () => {
    expect(isPermanentFailure({ responseCode: 550 })).toBe(true);
    expect(isPermanentFailure({ responseCode: 421 })).toBe(false);
    expect(isPermanentFailure(new Error('ECONNREFUSED'))).toBe(false);
    expect(isPermanentFailure(undefined)).toBe(false);
  });
});

describe('mail queue over SMTP', () => {
  let smtp: TestSmtp;
  let app: TestApp;
  // A plain ASCII subject, so the SMTP side reads it back as it was written.
  const mail = (subject: string) => ({
    to: 'pat@example.com',
    subject,
    text: 'Your PIN is 314159.',
    html: '<p>Your PIN is 314159.</p>',
  });
  const rows = (subject: string) => app.ctx.db.select().from(mailQueue).where(eq(mailQueue.subject, subject));
  const received = (subject: string) => smtp.received.filter((m) => m.subject === subject);
  /** The list once it has something in it (for `eventually`). */
  const nonEmpty = async <T>(list: Promise<T[]> | T[]) => ((await list).length ? await list : undefined);

  beforeAll(async () => {
    smtp = await startSmtp();
    // No background poll: each test drives delivery itself (the nudge after commit stays).
    app = await createTestApp({ smtpUrl: smtp.url, mailPollMs: 3_600_000 });
  });
  afterAll(async () => {
    await app.dispose();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.onMailFrom = null;
  });

  it('sends once the transaction commits, once, and keeps no body', async () => {
    await app.ctx.transaction(async (tx) => {
      await app.ctx.sendMail(tx, mail('Committed'));
      // Inside the transaction nothing has gone out.
      expect(received('Committed')).toHaveLength(0);
    });
    const [got] = (await eventually(() => nonEmpty(received('Committed'))))!;
    expect(got.to).toEqual(['pat@example.com']);
    const [row] = (await eventually(async () =>
      nonEmpty((await rows('Committed')).filter((r) => r.status === 'sent')),
    ))!;
    expect(row.attempts).toBe(1);
    expect(got.messageId).toBe(`<${row.id}@stampworks.local>`);
    // The PIN is not kept once delivered.
    expect(row.text).toBe('');
    expect(row.html).toBe('');
    await app.ctx.mail.deliverDue();
    expect(received('Committed')).toHaveLength(1);
  });

  it('sends nothing for a transaction that rolls back', async () => {
    await expect(
      app.ctx.transaction(async (tx) => {
        await app.ctx.sendMail(tx, mail('Rolled back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await app.ctx.mail.deliverDue();
    expect(await rows('Rolled back')).toHaveLength(0);
    expect(received('Rolled back')).toHaveLength(0);
  });

  it('retries a refused try later, and gives up on a permanent refusal', async () => {
    smtp.onMailFrom = () => 451;
    await app.ctx.sendMail(app.ctx.db, mail('Busy server'));
    const [waiting] = (await eventually(
      async () => nonEmpty((await rows('Busy server')).filter((r) => r.lastError)),
      30_000,
    ))!;
    const [row] = await rows('Busy server');
    expect(row.status).toBe('pending');
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(waiting.createdAt.getTime() + 20_000);
    // Not due yet: a delivery pass leaves it.
    await app.ctx.mail.deliverDue();
    expect((await rows('Busy server'))[0].attempts).toBe(1);

    smtp.onMailFrom = null;
    await app.ctx.db.update(mailQueue).set({ nextAttemptAt: sql`now()` }).where(eq(mailQueue.id, row.id));
    // A pass still running after an earlier nudge may be the one that sends it: wait for it.
    await app.ctx.mail.deliverDue();
    await eventually(async () => received('Busy server').length === 1);
    expect(received('Busy server')).toHaveLength(1);
    expect((await rows('Busy server'))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    smtp.onMailFrom = () => 550;
    await app.ctx.sendMail(app.ctx.db, mail('No such mailbox'));
    const [failed] = (await eventually(async () =>
      nonEmpty((await rows('No such mailbox')).filter((r) => r.status === 'failed')),
    ))!;
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain('Mailbox unavailable');
    expect(received('No such mailbox')).toHaveLength(0);
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} tries`, async () => {
    smtp.onMailFrom = () => 451;
    await app.ctx.sendMail(app.ctx.db, mail('Never up'));
    await eventually(async () => (await rows('Never up'))[0]?.lastError, 30_000);
    const [row] = await rows('Never up');
    await app.ctx.db
      .update(mailQueue)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1, nextAttemptAt: sql`now()` })
      .where(eq(mailQueue.id, row.id));
    await app.ctx.mail.deliverDue();
    await eventually(async () => (await rows('Never up'))[0].status === 'failed');
    expect((await rows('Never up'))[0]).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
  });

  it('sends each mail once when several senders race for the queue', async () => {
    await app.ctx.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) await app.ctx.sendMail(tx, mail(`Race ${i}`));
    });
    await Promise.all([app.ctx.mail.deliverDue(), app.ctx.mail.deliverDue(), app.ctx.mail.deliverDue()]);
    await eventually(async () => smtp.received.filter((m) => m.subject.startsWith('Race ')).length >= 30);
    await app.ctx.mail.deliverDue();
    const subjects = smtp.received.filter((m) => m.subject.startsWith('Race ')).map((m) => m.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
  });

  it('sends a claim left by a sender that died once the claim lapses', async () => {
    // Claimed by an instance that died before sending.
    const [row] = await app.ctx.db
      .insert(mailQueue)
      .values({
        ...mail('Orphaned'),
        from: 'x@stampworks.local',
        claimedUntil: sql`now() + interval '1 hour'`,
        attempts: 1,
      })
      .returning();
    await app.ctx.mail.deliverDue();
    expect(received('Orphaned')).toHaveLength(0);
    await app.ctx.db
      .update(mailQueue)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailQueue.id, row.id));
    await app.ctx.mail.deliverDue();
    await eventually(async () => received('Orphaned').length === 1);
    expect(received('Orphaned')).toHaveLength(1);
    expect((await rows('Orphaned'))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends at once a claim whose sender has gone silent (a crashed process), not a live sender’s', async () => {
    // The crashed process: it claimed the mail for the full claim time, then stopped beating.
    const [gone] = await app.ctx.db
      .insert(mailSenders)
      .values({ id: randomUUID(), seenAt: sql`now() - interval '21 seconds'` })
      .returning();
    const [alive] = await app.ctx.db
      .insert(mailSenders)
      .values({ id: randomUUID(), seenAt: sql`now()` })
      .returning();
    for (const [subject, sender] of [
      ['Claimed by the dead', gone.id],
      ['Claimed by the living', alive.id],
    ] as const)
      await app.ctx.db.insert(mailQueue).values({
        ...mail(subject),
        from: 'x@stampworks.local',
        claimedUntil: sql`now() + interval '300 seconds'`,
        claimedBy: sender,
        attempts: 1,
      });
    await app.ctx.mail.deliverDue();
    await eventually(async () => received('Claimed by the dead').length === 1);
    expect((await rows('Claimed by the dead'))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    // A sender that is alive may still be sending it: its claim holds.
    expect(received('Claimed by the living')).toHaveLength(0);
    expect((await rows('Claimed by the living'))[0]).toMatchObject({ status: 'pending', attempts: 1 });
  });
});
