// The step every release shares (an acceptance, an auto-release, staff releasing, a split's
// engineer part): the payment marked released, the ledger posting 80/20 of `grossCents`,
// and the engineer's payout, due the Sunday of the following week.
import { DEAL_MESSAGES, splitFee } from '@app/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { DealRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { markPaymentReleased, releaseFromEscrow } from '../payments/index.ts';
import { createPayoutForRelease } from '../payouts/index.ts';

export async function releaseToEngineer(
  tx: DbOrTx,
  deal: DealRow,
  grossCents: number,
  now: Date,
  submissionId: string | null,
): Promise<{ engineerCents: number; platformFeeCents: number; payoutDate: string }> {
  const payment = await markPaymentReleased(tx, deal.paymentId, now);
  if (!payment) throw new AppError('CONFLICT', DEAL_MESSAGES.changedMeanwhile);
  await releaseFromEscrow(tx, payment, grossCents, now);
  const { platformFeeCents, engineerCents } = splitFee(grossCents);
  const payout = await createPayoutForRelease(tx, { submissionId, payment, engineerCents, releasedAt: now });
  return { engineerCents, platformFeeCents, payoutDate: payout.payoutDate };
}
