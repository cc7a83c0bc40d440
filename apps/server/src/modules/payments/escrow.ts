// The movements of a payment's money, as ledger postings. Each is keyed by the payment, so
// whatever triggers it (an event, a retry, the demo seed) it posts once. A split posts both a
// refund of the client's part and a release of the engineer's. `at` dates a posting in the
// past (the demo seed); the product posts at the present.
import { splitFee } from '@app/shared';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, post, transfer } from '../ledger/index.ts';

type Money = { id: string; projectId: string; customerId: string; engineerId: string; amountCents: number };

/** The client's payment lands in the project's escrow. */
export const captureIntoEscrow = (tx: DbOrTx, p: Money, at?: Date) =>
  post(tx, {
    at,
    sourceKey: `capture:${p.id}`,
    kind: 'capture',
    paymentId: p.id,
    memo: `Payment for project ${p.projectId} into escrow`,
    entries: transfer(accounts.client(p.customerId), accounts.escrow(p.projectId), p.amountCents),
  });

/** The escrow goes back to the client: the whole payment, or a split's client part. */
export const refundFromEscrow = (tx: DbOrTx, p: Money, cents = p.amountCents, at?: Date) =>
  post(tx, {
    at,
    sourceKey: `refund:${p.id}`,
    kind: 'refund',
    paymentId: p.id,
    memo: `Refund of payment for project ${p.projectId}`,
    entries: transfer(accounts.escrow(p.projectId), accounts.client(p.customerId), cents),
  });

/**
 * The escrow is released to the engineer: `grossCents` (the whole payment, or a split's
 * engineer part) split by splitFee into the engineer's wallet (80%) and the platform (20%).
 */
export const releaseFromEscrow = (tx: DbOrTx, p: Money, grossCents = p.amountCents, at?: Date) => {
  const { platformFeeCents, engineerCents } = splitFee(grossCents);
  return post(tx, {
    at,
    sourceKey: `release:${p.id}`,
    kind: 'release',
    paymentId: p.id,
    memo: `Release of escrow for project ${p.projectId}`,
    entries: [
      { account: accounts.escrow(p.projectId), amountCents: -grossCents },
      { account: accounts.wallet(p.engineerId), amountCents: engineerCents },
      ...(platformFeeCents > 0
        ? [{ account: accounts.platformRevenue(), amountCents: platformFeeCents }]
        : []),
    ],
  });
};
