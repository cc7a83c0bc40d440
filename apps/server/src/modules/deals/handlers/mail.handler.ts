// The mails of the deal events that matter (docs/PRODUCT.md#notifications): written in the
// handler's transaction, so each goes out once.
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { mailEvent } from '../../notifications/index.ts';
import type { DealEventHandler } from '../deal-events.ts';
import { type Person, person } from '../deal-rows.ts';
import { partiesOf } from './parties.ts';
import {
  dayText,
  momentText,
  money,
  projectLink,
  refundedTexts,
  reportedText,
  settledTexts,
  submissionsLink,
  walletLink,
  withdrawnText,
} from './texts.ts';

function mailer(ctx: AppContext, tx: Tx) {
  return (to: Person, subject: string, lines: string[], action?: { label: string; path: string }) =>
    mailEvent(ctx, tx, to.email, {
      subject,
      lines: [`Hello ${to.fullName},`, ...lines],
      action: action ? { label: action.label, url: `${ctx.config.publicUrl}/#${action.path}` } : undefined,
    });
}

export const mailHandler: DealEventHandler = {
  name: 'mail',
  handles: [
    'DealPaid',
    'LatePaymentRefunding',
    'DealRefunded',
    'RefundFailed',
    'DeliveryAccepted',
    'DeliveryRejected',
    'DecisionReminder',
    'ProblemReported',
    'ProblemWithdrawn',
    'ProblemSettled',
  ],
  async run(ctx, tx, e, deal) {
    const mail = mailer(ctx, tx);
    if (e.type === 'LatePaymentRefunding') {
      const client = await person(tx, e.clientId);
      return mail(client, 'Your payment is being refunded', [
        `Your payment of ${money(e.amountCents)} arrived after that proposal could no longer be accepted (another payment made the deal first, or the checkout had been replaced).`,
        'Nothing is kept: the full amount is being refunded to your card.',
      ]);
    }
    if (!deal) {
      if (e.type === 'DealRefunded')
        await mail(await person(tx, e.clientId), 'Refund completed', [
          `Your payment of ${money(e.clientRefundCents)} was refunded in full. Your card provider may take a few days to show it.`,
        ]);
      return;
    }
    const p = await partiesOf(tx, deal);
    const project = { label: 'Open the project', path: projectLink(e.projectId) };
    switch (e.type) {
      case 'DealPaid':
        await mail(
          p.client,
          'Payment received',
          [
            `We received your payment of ${money(e.amountCents)} for "${p.title}". ${p.engineer.fullName} is now assigned to your project.`,
            'The money is held in escrow until you accept a deliverable. You can ask for a full refund within 24 hours, until the engineer submits the first deliverable, from your Payment History.',
          ],
          project,
        );
        await mail(
          p.engineer,
          'Your proposal was accepted',
          [
            `${p.client.fullName} accepted your proposal for "${p.title}" and paid ${money(e.amountCents)}, held in escrow until they accept your deliverable.`,
            'You can now message the client and submit your deliverables from the project page.',
          ],
          project,
        );
        return;
      case 'DealRefunded': {
        const texts = refundedTexts(e, p, deal);
        await mail(
          p.client,
          e.outcome === 'split' ? 'Your payment was split by support' : 'Refund completed',
          [texts.client, 'Your card provider may take a few days to show it.'],
        );
        await mail(
          p.engineer,
          e.outcome === 'split' ? 'A problem was settled with a split' : 'A project’s payment was refunded',
          [
            texts.engineer,
            'The project chat no longer takes new messages; its history stays available to you.',
          ],
          e.outcome === 'split' ? { label: 'Open your wallet', path: walletLink(p.engineer.id) } : project,
        );
        return;
      }
      case 'RefundFailed':
        await mail(p.client, 'Your refund could not be processed', [
          `The refund for "${p.title}" could not be processed${e.reason ? ` (${e.reason})` : ''}.`,
          e.backTo === 'disputed' ? 'Support will decide again.' : 'Contact support and we will sort it out.',
        ]);
        return;
      case 'DeliveryAccepted': {
        const earned = money(e.engineerCents);
        const paid = money(e.engineerCents + e.platformFeeCents);
        const due = dayText(e.payoutDate);
        const auto = e.by === 'timer';
        await mail(
          p.engineer,
          auto ? 'Your deliverable was accepted automatically' : 'Your submission was accepted',
          [
            auto
              ? `${p.client.fullName} made no decision on "${e.title ?? p.title}" in time, so it was accepted for them. The project is completed.`
              : `${p.client.fullName} accepted "${e.title}" for "${p.title}". The project is completed.`,
            `Your ${earned} (80% of ${paid}) is in your wallet and will be paid out to your payout account on ${due}.`,
          ],
          { label: 'Open your wallet', path: walletLink(p.engineer.id) },
        );
        await mail(
          p.client,
          'Project completed',
          [
            auto
              ? `You made no decision on "${e.title ?? p.title}" in time, so it was accepted for you and the ${paid} held in escrow was released to ${p.engineer.fullName}.`
              : `You accepted "${e.title}" for "${p.title}". The project is completed and the ${paid} held in escrow was released to ${p.engineer.fullName}.`,
            'You can download the stamped drawings at any time from the project’s submissions, and rate the engineer on their profile.',
          ],
          { label: 'Open the submissions', path: submissionsLink(e.projectId) },
        );
        return;
      }
      case 'DeliveryRejected':
        await mail(
          p.engineer,
          'Your submission was rejected',
          [
            `${p.client.fullName} rejected "${e.title}" for "${p.title}".`,
            ...(e.comment ? [`Their comment: "${e.comment}"`] : []),
            'You can send a new version from the project’s submissions.',
          ],
          { label: 'Open the submissions', path: submissionsLink(e.projectId) },
        );
        return;
      case 'DecisionReminder':
        await mail(
          p.client,
          'A deliverable is waiting for your decision',
          [
            `${p.engineer.fullName} sent "${e.title}" for "${p.title}" and it is waiting for you.`,
            `Accept it, or reject it with a comment, by ${momentText(e.autoReleaseAt)}. If you do neither, it is accepted for you and the payment released to the engineer. If something is wrong, report a problem and support will decide.`,
          ],
          { label: 'Review it', path: submissionsLink(e.projectId) },
        );
        return;
      case 'ProblemReported': {
        const [reporter, other] = e.by === 'client' ? [p.client, p.engineer] : [p.engineer, p.client];
        await mail(
          other,
          'A problem was reported on your project',
          [reportedText(e, p), e.description],
          project,
        );
        await mail(
          reporter,
          `Problem reported: ticket ${e.ticketNumber}`,
          [
            `We opened ticket ${e.ticketNumber} for the problem you reported on "${p.title}". ${other.fullName} takes part in it too; our support team will answer you both there.`,
            'Until it is settled, the payment stays in escrow.',
          ],
          { label: 'Open your tickets', path: '/contact' },
        );
        return;
      }
      case 'ProblemWithdrawn': {
        const other = e.by === 'client' ? p.engineer : p.client;
        await mail(other, 'A reported problem was withdrawn', [withdrawnText(e, p)], project);
        return;
      }
      case 'ProblemSettled':
        for (const who of [p.client, p.engineer])
          await mail(who, 'A reported problem was settled', [settledTexts(e, p)], project);
        return;
    }
  },
};
