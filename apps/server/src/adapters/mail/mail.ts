// Mail: written in the transaction of the change it reports, so it is sent if and only if
// that change lands, also across a crash.
// - With SMTP_URL: a row in mail_queue, sent by nodemailer after commit (and by a poll
//   for retries and for mail an instance left behind when it died), retried with backoff.
// - Without: a row in mail_outbox, which the developer page /dev/mail reads (embedded
//   default, outside production). Nothing else is needed: the row is the delivery.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { mailOutbox, mailQueue, mailSenders } from '../../db/schema/index.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra header lines, such as List-Unsubscribe on alert mail. */
  headers?: Record<string, string>;
};
export type OutboxMail = typeof mailOutbox.$inferSelect;

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Records the mail in `tx`; it goes out once `tx` commits (see `deliverSoon`). */
  queue(tx: DbOrTx, mail: Mail): Promise<void>;
  /** Asks for queued mail that is due to be sent now (coalesced; never throws). */
  deliverSoon(): void;
  /** Sends the queued mail that is due, one batch after another; answers how many were sent. */
  deliverDue(): Promise<number>;
  /** Recent outbox mail, newest first (outbox only; SMTP keeps nothing). */
  recent(limit?: number): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

type Logger = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** Tries before a mail is given up (about a day and a half with the backoff below). */
export const MAIL_MAX_ATTEMPTS = 10;
const BATCH = 20;

/** Wait before try `attempts + 1`: 30 s, 1 min, 2 min ... capped at 4 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 4 * 60 * 60_000);
}

/** An SMTP 5xx answer (unknown mailbox, refused sender) will not change by retrying. */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown })?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** How often a sender shows it is alive, and how long a silent one is thought to be gone. */
export const SENDER_HEARTBEAT_MS = 10_000;
export const SENDER_SILENT_MS = 20_000;

export function createMailer(config: Config, db: Db, log: Logger): Mailer {
  if (!config.smtpUrl) return outboxMailer(config, db);
  const senderId = randomUUID();
  const heartbeat = () =>
    db
      .insert(mailSenders)
      .values({ id: senderId, seenAt: sql`now()` })
      .onConflictDoUpdate({ target: mailSenders.id, set: { seenAt: sql`now()` } });
  // Its own timer, not the delivery loop: a slow send must not make this sender look gone.
  const beating = setInterval(() => {
    heartbeat().catch((err) => log.warn({ err }, 'mail sender heartbeat failed'));
  }, SENDER_HEARTBEAT_MS);
  beating.unref();
  let registered: Promise<unknown> | null = null;
  // Bounded well inside the claim, so a send still running is never claimed again elsewhere.
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  const domain = /@([^>\s]+)/.exec(config.mailFrom)?.[1] ?? 'stampworks.local';

  /**
   * Claims up to a batch of due mail for this instance; others skip what is claimed, unless
   * the claim lapsed or its sender has gone silent (a crashed process). Times are the
   * database's clock, so instances whose clocks differ agree on what is due and claimed.
   */
  async function claimDue() {
    registered ??= heartbeat();
    await registered;
    const alive = db
      .select({ id: mailSenders.id })
      .from(mailSenders)
      .where(gt(mailSenders.seenAt, sql`now() - make_interval(secs => ${SENDER_SILENT_MS / 1000})`));
    const due = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        and(
          eq(mailQueue.status, 'pending'),
          lte(mailQueue.nextAttemptAt, sql`now()`),
          or(
            isNull(mailQueue.claimedUntil),
            lt(mailQueue.claimedUntil, sql`now()`),
            // A claim from before senders were named (claimed_by null) waits for its time.
            notInArray(mailQueue.claimedBy, alive),
          ),
        ),
      )
      .orderBy(mailQueue.nextAttemptAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailQueue)
      .set({
        claimedUntil: sql`now() + make_interval(secs => ${config.mailClaimSeconds})`,
        claimedBy: senderId,
        attempts: sql`${mailQueue.attempts} + 1`,
      })
      .where(inArray(mailQueue.id, due))
      .returning();
  }

  async function sendOne(row: typeof mailQueue.$inferSelect): Promise<boolean> {
    try {
      await transport.sendMail({
        from: row.from,
        to: row.to,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers ?? undefined,
        // The same id on every try: should a try be repeated after all (a crash between the
        // server's answer and our update), receiving systems see one message.
        messageId: `<${row.id}@${domain}>`,
      });
    } catch (err) {
      const giveUp = isPermanentFailure(err) || row.attempts >= MAIL_MAX_ATTEMPTS;
      log[giveUp ? 'error' : 'warn']({ err, mailId: row.id, attempts: row.attempts }, 'sending mail failed');
      await db
        .update(mailQueue)
        .set({
          status: giveUp ? 'failed' : 'pending',
          claimedUntil: null,
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelayMs(row.attempts) / 1000})`,
          lastError: String((err as Error)?.message ?? err).slice(0, 500),
        })
        .where(eq(mailQueue.id, row.id));
      return false;
    }
    // Delivered: the body (a PIN, a reset link) is not kept.
    await db
      .update(mailQueue)
      .set({ status: 'sent', sentAt: sql`now()`, claimedUntil: null, text: '', html: '', lastError: null })
      .where(eq(mailQueue.id, row.id));
    return true;
  }

  let running: Promise<number> | null = null;
  let again = false;
  let closed = false;
  async function deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await claimDue();
      for (const ok of await Promise.all(rows.map(sendOne))) if (ok) sent++;
      if (rows.length < BATCH) return sent;
    }
  }
  function deliverSoon() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverDue()
      .catch((err) => {
        log.error({ err }, 'mail delivery failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          deliverSoon();
        }
      });
  }
  const poll = setInterval(deliverSoon, config.mailPollMs);
  poll.unref();

  return {
    kind: 'smtp',
    async queue(tx, mail) {
      await tx.insert(mailQueue).values({
        from: config.mailFrom,
        ...mail,
        replyTo: mail.replyTo ?? null,
        headers: mail.headers ?? null,
      });
    },
    deliverSoon,
    deliverDue,
    async recent() {
      return [];
    },
    async close() {
      closed = true;
      clearInterval(poll);
      clearInterval(beating);
      // Let a batch in flight finish its bookkeeping before the database closes.
      await running;
      transport.close();
      await db
        .delete(mailSenders)
        .where(eq(mailSenders.id, senderId))
        .catch(() => {});
    },
  };
}

function outboxMailer(config: Config, db: Db): Mailer {
  return {
    kind: 'outbox',
    async queue(tx, mail) {
      await tx.insert(mailOutbox).values({
        from: config.mailFrom,
        ...mail,
        replyTo: mail.replyTo ?? null,
        headers: mail.headers ?? null,
      });
    },
    deliverSoon() {},
    async deliverDue() {
      return 0;
    },
    recent(limit = 50) {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
    },
    async close() {},
  };
}
