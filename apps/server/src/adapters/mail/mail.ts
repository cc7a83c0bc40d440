// Mail: nodemailer over SMTP_URL, or an outbox table that the developer page
// /dev/mail reads when the product runs on the embedded default.
import { desc } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type Mail = { to: string; subject: string; text: string; html: string; replyTo?: string };
export type OutboxMail = typeof mailOutbox.$inferSelect;

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /** Recent outbox mail, newest first (outbox only; SMTP keeps nothing). */
  recent(limit?: number): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

export function createMailer(config: Config, db: Db): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
      async recent() {
        return [];
      },
      async close() {
        transport.close();
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insert(mailOutbox).values({ from: config.mailFrom, ...mail, replyTo: mail.replyTo ?? null });
    },
    recent(limit = 50) {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
    },
    async close() {},
  };
}
