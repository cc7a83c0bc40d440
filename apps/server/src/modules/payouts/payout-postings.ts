// The two movements of a payout's money, as ledger postings keyed by the payout and its
// attempt, so each posts once whatever triggers it (a run, a resumed run, an event, the
// demo seed, which dates them with `at`).
import type { DbOrTx } from '../../db/client.ts';
import type { PayoutRow } from '../../db/schema/index.ts';
import { accounts, post, transfer } from '../ledger/index.ts';

type Attempt = Pick<PayoutRow, 'id' | 'attempt' | 'paymentId' | 'engineerId' | 'amountCents'>;

/** A run claimed the payout: the money leaves the wallet for the engineer's payout account. */
export const sendFromWallet = (tx: DbOrTx, p: Attempt, at?: Date) =>
  post(tx, {
    at,
    sourceKey: `payout:${p.id}:${p.attempt}`,
    kind: 'payout',
    paymentId: p.paymentId,
    memo: `Payout ${p.id} (attempt ${p.attempt}) to the engineer's payout account`,
    entries: transfer(accounts.wallet(p.engineerId), accounts.payoutsClearing(), p.amountCents),
  });

/** The attempt was refused or reversed: the money is back in the wallet. */
export const backToWallet = (tx: DbOrTx, p: Attempt, at?: Date) =>
  post(tx, {
    at,
    sourceKey: `payout_reversal:${p.id}:${p.attempt}`,
    kind: 'payout_reversal',
    paymentId: p.paymentId,
    memo: `Payout ${p.id} (attempt ${p.attempt}) not paid: back to the wallet`,
    entries: transfer(accounts.payoutsClearing(), accounts.wallet(p.engineerId), p.amountCents),
  });
