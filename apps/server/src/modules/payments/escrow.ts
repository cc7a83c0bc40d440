// The three movements of a payment's money, as ledger postings. Each is keyed by the
// payment, so whatever triggers it (an event, a retry, the demo seed) it posts once.
import { splitFee } from '@app/shared';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, post, transfer } from '../ledger/ledger.service.ts';

type Money = { id: string; projectId: string; customerId: string; engineerId: string; amountCents: number };

/** The client's payment lands in the project's escrow. */
export const captureIntoEscrow = (tx: DbOrTx, p: Money) =>
  post(tx, {
    sourceKey: `capture:${p.id}`,
    kind: 'capture',
    paymentId: p.id,
    memo: `Payment for project ${p.projectId} into escrow`,
    entries: transfer(accounts.client(p.customerId), accounts.escrow(p.projectId), p.amountCents),
  });

/** The escrow goes back to the client (a refund). */
export const refundFromEscrow = (tx: DbOrTx, p: Money) =>
  post(tx, {
    sourceKey: `refund:${p.id}`,
    kind: 'refund',
    paymentId: p.id,
    memo: `Refund of payment for project ${p.projectId}`,
    entries: transfer(accounts.escrow(p.projectId), accounts.client(p.customerId), p.amountCents),
  });

/** The escrow is released: 80% to the engineer's wallet, 20% to the platform (splitFee). */
export const releaseFromEscrow = (tx: DbOrTx, p: Money) => {
  const { platformFeeCents, engineerCents } = splitFee(p.amountCents);
  return post(tx, {
    sourceKey: `release:${p.id}`,
    kind: 'release',
    paymentId: p.id,
    memo: `Release of escrow for project ${p.projectId}`,
    entries: [
      { account: accounts.escrow(p.projectId), amountCents: -p.amountCents },
      { account: accounts.wallet(p.engineerId), amountCents: engineerCents },
      ...(platformFeeCents > 0
        ? [{ account: accounts.platformRevenue(), amountCents: platformFeeCents }]
        : []),
    ],
  });
};
