import { expect } from '@playwright/test';
import { MAILBOX_URL } from './ports.ts';

export type ReceivedMail = {
  to: string[];
  from: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
};

/** Waits for mail to `to` (optionally whose subject contains `subject`) to reach the test SMTP server. */
export async function waitForMail(
  to: string,
  opts: { subject?: string; after?: number; text?: string } = {},
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (
          await fetch(`${MAILBOX_URL}/?to=${encodeURIComponent(to)}`)
        ).json()) as ReceivedMail[];
        found = list
          .slice(opts.after ?? 0)
          .reverse()
          .find(
            (m) =>
              (!opts.subject || m.subject.includes(opts.subject)) &&
              (!opts.text || m.text.includes(opts.text)),
          );
        return !!found;
      },
      { timeout: 15_000, message: `mail to ${to}${opts.subject ? ` about '${opts.subject}'` : ''}` },
    )
    .toBe(true);
  return found!;
}

/** How many mails `to` has received so far (to wait only for newer ones). */
export async function mailCount(to: string): Promise<number> {
  const list = (await (await fetch(`${MAILBOX_URL}/?to=${encodeURIComponent(to)}`)).json()) as unknown[];
  return list.length;
}
