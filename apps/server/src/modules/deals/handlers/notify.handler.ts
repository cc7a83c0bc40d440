// In-app notifications of deal events (modules/notifications: stored, then pushed live).
import { notify } from '../../notifications/index.ts';
import type { DealEventHandler } from '../deal-events.ts';
import { person } from '../deal-rows.ts';
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

export const notifyHandler: DealEventHandler = {
  name: 'notify',
  handles: 'all',
  async run(ctx, tx, e, deal) {
    const tell = (userId: string, text: string, link: string) => notify(ctx, userId, text, link, tx);
    if (e.type === 'LatePaymentRefunding') {
      const client = await person(tx, e.clientId);
      return void (await tell(
        client.id,
        `Your payment of ${money(e.amountCents)} arrived after the proposal could no longer be accepted, so it is being refunded in full.`,
        projectLink(e.projectId),
      ));
    }
    if (!deal) {
      if (e.type === 'DealRefunded')
        await tell(
          e.clientId,
          `Your payment of ${money(e.clientRefundCents)} was refunded in full.`,
          projectLink(e.projectId),
        );
      return;
    }
    const p = await partiesOf(tx, deal);
    const project = projectLink(e.projectId);
    switch (e.type) {
      case 'DealPaid':
        await tell(
          p.client.id,
          `Payment of ${money(e.amountCents)} received for "${p.title}". It is held in escrow; ${p.engineer.fullName} can start work.`,
          project,
        );
        await tell(
          p.engineer.id,
          `${p.client.fullName} accepted your proposal for "${p.title}" and paid ${money(e.amountCents)} into escrow.`,
          project,
        );
        for (const id of e.notSelectedEngineerIds)
          await tell(
            id,
            `The client chose another proposal for "${p.title}". Your proposal was not selected.`,
            project,
          );
        return;
      case 'RefundRequested':
        if (e.by === 'client')
          await tell(
            p.engineer.id,
            `${p.client.fullName} asked for the 24-hour refund of "${p.title}" (${money(e.amountCents)}). The deal ends when the card provider completes it.`,
            project,
          );
        return;
      case 'DealRefunded': {
        const texts = refundedTexts(e, p, deal);
        await tell(p.client.id, texts.client, project);
        await tell(
          p.engineer.id,
          texts.engineer,
          e.outcome === 'split' ? walletLink(p.engineer.id) : project,
        );
        for (const id of e.restoredEngineerIds)
          await tell(
            id,
            `"${p.title}" is open again and your proposal is back under consideration.`,
            project,
          );
        return;
      }
      case 'RefundFailed':
        await tell(
          p.client.id,
          `The refund for "${p.title}" could not be processed${e.reason ? ` (${e.reason})` : ''}. ${
            e.by === 'staff' || e.backTo === 'disputed'
              ? 'Support will decide again.'
              : 'Contact support and we will sort it out.'
          }`,
          e.backTo === 'disputed' ? project : '/contact',
        );
        return;
      case 'DeliverySubmitted':
        await tell(
          p.client.id,
          `${p.engineer.fullName} sent "${e.title}" for "${p.title}". Review it and accept or reject it by ${momentText(e.autoReleaseAt)}; after that it is accepted for you.`,
          submissionsLink(e.projectId),
        );
        return;
      case 'DeliveryUpdated':
        await tell(
          p.client.id,
          `${p.engineer.fullName} updated "${e.title}" for "${p.title}".`,
          submissionsLink(e.projectId),
        );
        return;
      case 'DeliveryAccepted': {
        const due = dayText(e.payoutDate);
        const earned = money(e.engineerCents);
        const paid = money(e.engineerCents + e.platformFeeCents);
        if (e.by === 'timer') {
          await tell(
            p.engineer.id,
            `"${e.title ?? p.title}" was accepted automatically: ${p.client.fullName} made no decision in time. ${earned} will be paid out on ${due}.`,
            walletLink(p.engineer.id),
          );
          await tell(
            p.client.id,
            `You made no decision on "${e.title ?? p.title}" in time, so it was accepted for you and ${paid} released to ${p.engineer.fullName}. "${p.title}" is completed.`,
            submissionsLink(e.projectId),
          );
        } else {
          await tell(
            p.engineer.id,
            `${p.client.fullName} accepted "${e.title}" for "${p.title}". ${earned} will be paid out on ${due}.`,
            walletLink(p.engineer.id),
          );
          await tell(
            p.client.id,
            `You accepted "${e.title}". "${p.title}" is completed and ${paid} was released to ${p.engineer.fullName}.`,
            submissionsLink(e.projectId),
          );
        }
        return;
      }
      case 'DeliveryRejected':
        await tell(
          p.engineer.id,
          `${p.client.fullName} rejected "${e.title}" for "${p.title}".${e.comment ? ` Their comment: "${e.comment}"` : ''}`,
          submissionsLink(e.projectId),
        );
        return;
      case 'DecisionReminder':
        await tell(
          p.client.id,
          `"${e.title}" for "${p.title}" is waiting for your decision. If you neither accept nor reject it by ${momentText(e.autoReleaseAt)}, it is accepted for you and the payment released.`,
          submissionsLink(e.projectId),
        );
        return;
      case 'ProblemReported': {
        const other = e.by === 'client' ? p.engineer : p.client;
        await tell(other.id, reportedText(e, p), project);
        return;
      }
      case 'ProblemWithdrawn': {
        const other = e.by === 'client' ? p.engineer : p.client;
        await tell(other.id, withdrawnText(e, p), project);
        return;
      }
      case 'ProblemSettled':
        // A refund or split tells its outcome when the provider completes it (DealRefunded).
        for (const who of [p.client, p.engineer]) await tell(who.id, settledTexts(e, p), project);
        return;
    }
  },
};
