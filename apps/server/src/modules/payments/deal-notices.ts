// What client and engineer are told when a payment makes, misses or unwinds a deal:
// an in-app notification (stored in the transaction, pushed after commit) and, for
// the events that matter, an e-mail sent once the transaction has committed.
import { formatCents } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { mailEvent, notify } from '../notifications/notifications.service.ts';

type Person = { id: string; fullName: string; email: string };
type Deal = {
  projectId: string;
  title: string;
  amountCents: number;
  client: Person;
  engineer: Person;
};

const projectLink = (deal: Deal) => `/project_details/${deal.projectId}`;

/** The payment succeeded and made the deal. */
export async function announceDeal(
  ctx: AppContext,
  tx: DbOrTx,
  deal: Deal,
  notSelected: Array<{ engineerId: string }>,
): Promise<void> {
  const amount = formatCents(deal.amountCents);
  await notify(
    ctx,
    deal.client.id,
    `Payment of ${amount} received for "${deal.title}". It is held in escrow; ${deal.engineer.fullName} can start work.`,
    projectLink(deal),
    tx,
  );
  await mailEvent(ctx, tx, deal.client.email, {
    subject: 'Payment received',
    lines: [
      `Hello ${deal.client.fullName},`,
      `We received your payment of ${amount} for "${deal.title}". ${deal.engineer.fullName} is now assigned to your project.`,
      'The money is held in escrow until you accept the final submission. You can ask for a full refund within 24 hours from your Payment History.',
    ],
    action: { label: 'Open the project', url: `${ctx.config.publicUrl}/#${projectLink(deal)}` },
  });
  await notify(
    ctx,
    deal.engineer.id,
    `Your proposal for "${deal.title}" was accepted. The client paid ${amount} into escrow.`,
    projectLink(deal),
    tx,
  );
  await mailEvent(ctx, tx, deal.engineer.email, {
    subject: 'Your proposal was accepted',
    lines: [
      `Hello ${deal.engineer.fullName},`,
      `${deal.client.fullName} accepted your proposal for "${deal.title}" and paid ${amount}, held in escrow until they accept your final submission.`,
      'You can now message the client and submit your deliverables from the project page.',
    ],
    action: { label: 'Open the project', url: `${ctx.config.publicUrl}/#${projectLink(deal)}` },
  });
  for (const p of notSelected)
    await notify(
      ctx,
      p.engineerId,
      `The client chose another proposal for "${deal.title}". Your proposal was not selected.`,
      projectLink(deal),
      tx,
    );
}

/** Money arrived for a deal that could no longer be made: it is being refunded in full. */
export async function announceNotHonoured(ctx: AppContext, tx: DbOrTx, deal: Deal): Promise<void> {
  const amount = formatCents(deal.amountCents);
  await notify(
    ctx,
    deal.client.id,
    `Your payment of ${amount} for "${deal.title}" arrived after the proposal could no longer be accepted, so it is being refunded in full.`,
    projectLink(deal),
    tx,
  );
  await mailEvent(ctx, tx, deal.client.email, {
    subject: 'Your payment is being refunded',
    lines: [
      `Hello ${deal.client.fullName},`,
      `Your payment of ${amount} for "${deal.title}" arrived after that proposal could no longer be accepted (another payment made the deal first, or the checkout had been replaced).`,
      'Nothing is kept: the full amount is being refunded to your card.',
    ],
  });
}

/** The refund went through: the deal is undone (when there was one) and the client is repaid. */
export async function announceRefund(
  ctx: AppContext,
  tx: DbOrTx,
  deal: Deal,
  outcome: { unwound: boolean; reopenedFor: Array<{ engineerId: string }> },
): Promise<void> {
  const amount = formatCents(deal.amountCents);
  await notify(
    ctx,
    deal.client.id,
    `Refund of ${amount} for "${deal.title}" completed.`,
    projectLink(deal),
    tx,
  );
  await mailEvent(ctx, tx, deal.client.email, {
    subject: 'Refund completed',
    lines: [
      `Hello ${deal.client.fullName},`,
      `Your payment of ${amount} for "${deal.title}" was refunded in full. Your card provider may take a few days to show it.`,
      ...(outcome.unwound ? ['Your project is open again for proposals.'] : []),
    ],
  });
  if (!outcome.unwound) return;
  await notify(
    ctx,
    deal.engineer.id,
    `The client cancelled "${deal.title}" within the 24-hour window and was refunded. The project is open again.`,
    projectLink(deal),
    tx,
  );
  await mailEvent(ctx, tx, deal.engineer.email, {
    subject: 'A project was cancelled',
    lines: [
      `Hello ${deal.engineer.fullName},`,
      `${deal.client.fullName} cancelled "${deal.title}" within the 24-hour refund window, so the payment was refunded and your proposal is no longer accepted.`,
      'The project chat no longer takes new messages; its history stays available to you.',
    ],
  });
  for (const p of outcome.reopenedFor)
    await notify(
      ctx,
      p.engineerId,
      `"${deal.title}" is open again and your proposal is back under consideration.`,
      projectLink(deal),
      tx,
    );
}

/** The provider could not refund: the payment stays as it was; support follows up. */
export async function announceRefundFailed(
  ctx: AppContext,
  tx: DbOrTx,
  deal: Deal,
  reason: string | null,
): Promise<void> {
  await notify(
    ctx,
    deal.client.id,
    `Your refund for "${deal.title}" could not be processed${reason ? ` (${reason})` : ''}. Contact support and we will sort it out.`,
    '/contact',
    tx,
  );
}
