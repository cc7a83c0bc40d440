// The contact form of signed-out visitors: a mail to the support address that staff can
// answer directly (Reply-To is the visitor), and a confirmation to the visitor.
import { PRODUCT_NAME, SUPPORT_MESSAGES } from '@app/shared';
import { renderMail } from '../../adapters/mail/templates.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';

export const CONTACT_SENT = 'Thank you! Your message has been sent. We will reply by email soon.';

export async function sendContactMessage(
  ctx: AppContext,
  input: { fullName: string; email: string; subject: string; message: string },
): Promise<void> {
  try {
    // Both queued in one transaction (sent after commit, retried until delivered).
    await ctx.transaction(async (tx) => {
      await ctx.sendMail(tx, {
        to: ctx.config.supportEmail,
        replyTo: input.email,
        ...renderMail({
          subject: `Contact form: ${input.subject}`,
          lines: [`From: ${input.fullName} <${input.email}>`, `Subject: ${input.subject}`, input.message],
        }),
      });
      // A fixed text: anyone may type any address into the form, so nothing they typed (name,
      // subject, message) is repeated to it from our sender.
      await ctx.sendMail(tx, {
        to: input.email,
        ...renderMail({
          subject: 'We received your message',
          lines: [
            'Hello,',
            `Thank you for contacting ${PRODUCT_NAME} support. We received your message and will answer at this address soon.`,
            `You can also write to us at ${ctx.config.supportEmail}.`,
          ],
        }),
      });
    });
  } catch (err) {
    ctx.log.error({ err }, 'queueing the contact mail failed');
    throw new AppError('PROVIDER_ERROR', SUPPORT_MESSAGES.emailFailed);
  }
}
