// The provider's word on a payout's transfer after it was made: `transfer.reversed`
// (the whole transfer taken back) fails the payout and puts its money back in the wallet.
import { eq } from 'drizzle-orm';
import { type PaymentEvent, readTransfer } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { payouts } from '../../db/schema/index.ts';
import { failPayout } from './payout-run.ts';

export async function handleTransferReversed(ctx: AppContext, tx: Tx, event: PaymentEvent): Promise<void> {
  const transfer = readTransfer(event.data.object);
  const [payout] = await tx
    .select()
    .from(payouts)
    .where(eq(payouts.providerTransferId, transfer.id))
    .for('update');
  if (!payout) return;
  if (!transfer.reversed) {
    // A partial reversal cannot be mirrored by a payout's status: staff settle it.
    ctx.log.error(
      { transferId: transfer.id, payoutId: payout.id },
      'transfer partly reversed: staff must settle this payout',
    );
    return;
  }
  await failPayout(ctx, payout, 'The transfer was reversed.', tx);
}
