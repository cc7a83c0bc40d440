// A receipt for a payment or a refund, from the payment's ledger postings: the amount is what
// the capture put into escrow (or what the refund gave back), the date the posting's; the
// platform fee is the release posting's once released, until then what the release will take
// (splitFee, the same function the release posts with). Pure: statements.queries.ts reads.
import { PLATFORM_FEE_COVERS, splitFee } from '@app/shared';
import type { PaymentPostings } from './statements.queries.ts';

export type ReceiptParties = {
  id: string;
  currency: string;
  providerReference: string | null;
  projectId: string;
  projectTitle: string;
  clientName: string;
  clientEmail: string;
  engineerName: string;
};

export type Receipt = {
  kind: 'payment' | 'refund';
  paymentId: string;
  /** When the money moved (the posting's time, ISO). */
  at: string;
  amountCents: number;
  currency: string;
  client: { name: string; email: string };
  engineerName: string;
  project: { id: string; title: string };
  providerReference: string | null;
  /** Payment receipts: the fee inside the amount and where it stands. */
  fee: {
    feeCents: number;
    engineerCents: number;
    state: 'taken' | 'on_release' | 'none';
    /** When the escrow was released (the fee taken). */
    releasedAt: string | null;
  } | null;
  /** What of the payment went back to the client (its refund receipt says more). */
  refundedCents: number;
  /** Refund receipts: why, and the refund's reference. */
  refund: { reason: string; id: string | null; paidCents: number } | null;
  feeCovers: string;
  generatedAt: string;
};

/** Refund reasons as a receipt states them. */
export const REFUND_REASON_TEXT: Record<string, string> = {
  requested_by_customer: 'Refunded at your request within the refund window.',
  not_honoured: 'Refunded in full because the deal could no longer be made when the payment arrived.',
  provider: 'Refunded through the card provider.',
  dispute: 'Refunded when staff settled a reported problem.',
};

export function buildReceipt(
  kind: 'payment' | 'refund',
  parties: ReceiptParties,
  postings: PaymentPostings,
  refund: { id: string; reason: string } | null,
  now: Date,
): Receipt | null {
  const capture = postings.capture;
  if (!capture) return null;
  if (kind === 'refund' && !postings.refund) return null;
  const base = {
    kind,
    paymentId: parties.id,
    currency: parties.currency,
    client: { name: parties.clientName, email: parties.clientEmail },
    engineerName: parties.engineerName,
    project: { id: parties.projectId, title: parties.projectTitle },
    providerReference: parties.providerReference,
    feeCovers: PLATFORM_FEE_COVERS,
    generatedAt: now.toISOString(),
    refundedCents: postings.refund?.cents ?? 0,
  };
  if (kind === 'refund' && postings.refund) {
    return {
      ...base,
      at: postings.refund.at,
      amountCents: postings.refund.cents,
      fee: null,
      refund: {
        reason: REFUND_REASON_TEXT[refund?.reason ?? ''] ?? 'Refunded.',
        id: refund?.id ?? null,
        paidCents: capture.cents,
      },
    };
  }
  const release = postings.release;
  const fee = release
    ? {
        feeCents: release.feeCents,
        engineerCents: release.engineerCents,
        state: 'taken' as const,
        releasedAt: release.at,
      }
    : postings.refund && postings.refund.cents >= capture.cents
      ? { feeCents: 0, engineerCents: 0, state: 'none' as const, releasedAt: null }
      : {
          ...(({ platformFeeCents, engineerCents }) => ({ feeCents: platformFeeCents, engineerCents }))(
            splitFee(capture.cents),
          ),
          state: 'on_release' as const,
          releasedAt: null,
        };
  return { ...base, at: capture.at, amountCents: capture.cents, fee, refund: null };
}
