// What a deal event says to each person, in words that name who did what (support, not the
// client, refunded; the engineer, not the client, reported). One function per event, used by
// the notification and the mail handlers, so an in-app line and its mail never disagree.
import { formatCents } from '@app/shared';
import type { DealRow } from '../../../db/schema/index.ts';
import type { EventOf } from '../deal-events.ts';
import type { Person } from '../deal-rows.ts';

export type Parties = { client: Person; engineer: Person; title: string };

export const projectLink = (projectId: string) => `/project_details/${projectId}`;
export const submissionsLink = (projectId: string) => `/submissions/${projectId}`;
export const walletLink = (engineerId: string) => `/engineer_dashboard/${engineerId}`;

/** 'Sunday, December 6, 2026' from '2026-12-06' (a UTC calendar day). */
export const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** 'Tuesday, December 8, 2026 at 3:04 PM UTC'. */
export const momentText = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  })} UTC`;

export const money = formatCents;

const reporterName = (p: Parties, by: 'client' | 'engineer') =>
  by === 'client' ? p.client.fullName : p.engineer.fullName;

/** What each side is told when a refund completed. */
export function refundedTexts(e: EventOf<'DealRefunded'>, p: Parties, deal: DealRow | null) {
  const back = money(e.clientRefundCents);
  const paid = money(deal?.amountCents ?? e.clientRefundCents);
  if (e.outcome === 'split') {
    const net = money(e.engineerCents);
    return {
      client: `Support split the payment for "${p.title}": ${back} of ${paid} was refunded to you and the rest went to ${p.engineer.fullName}. The project is closed.`,
      engineer: `Support split the payment for "${p.title}": ${net} is in your wallet (your part after the 20% fee) and ${back} was refunded to ${p.client.fullName}. The project is closed.`,
    };
  }
  if (e.by === 'staff')
    return {
      client: `Support refunded your payment of ${back} for "${p.title}" in full. The project is closed.`,
      engineer: `Support settled the problem on "${p.title}" by refunding ${p.client.fullName} in full (${back}). The project is closed.`,
    };
  if (e.by === 'provider')
    return {
      client: `Your payment of ${back} for "${p.title}" was refunded by the card provider.${e.reopened ? ' Your project is open again for proposals.' : ''}`,
      engineer: `The payment for "${p.title}" was refunded to ${p.client.fullName} through the card provider.${e.reopened ? ' The project is open again.' : ''}`,
    };
  return {
    client: `Your refund of ${back} for "${p.title}" completed.${e.reopened ? ' Your project is open again for proposals.' : ''}`,
    engineer: `${p.client.fullName} cancelled "${p.title}" within the 24-hour refund window, before any deliverable, and was refunded ${back}.${e.reopened ? ' The project is open again.' : ''}`,
  };
}

export function settledTexts(e: EventOf<'ProblemSettled'>, p: Parties) {
  const note = e.note ? ` Support's note: "${e.note}"` : '';
  switch (e.outcome) {
    case 'released':
      return `Support settled the problem on "${p.title}": the payment of ${money(e.amountCents)} was released to ${p.engineer.fullName} and the project completed.${note}`;
    case 'refunded':
      return `Support settled the problem on "${p.title}": the payment of ${money(e.amountCents)} is being refunded in full to ${p.client.fullName}.${note}`;
    default:
      return `Support settled the problem on "${p.title}" with a split: ${money(e.engineerCents + e.platformFeeCents)} for ${p.engineer.fullName} (${money(e.engineerCents)} after the 20% fee) and ${money(e.clientRefundCents)} refunded to ${p.client.fullName}.${note}`;
  }
}

export function reportedText(e: EventOf<'ProblemReported'>, p: Parties) {
  return `${reporterName(p, e.by)} reported a problem on "${p.title}" (ticket ${e.ticketNumber}). The payment stays in escrow until support settles it; add your side in the ticket.`;
}

export function withdrawnText(e: EventOf<'ProblemWithdrawn'>, p: Parties) {
  return `${reporterName(p, e.by)} withdrew the problem on "${p.title}". The deal goes on where it was; the payment stays in escrow.`;
}
