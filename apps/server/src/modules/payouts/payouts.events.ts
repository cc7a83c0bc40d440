// The provider's word on a payout's transfer after it was made: `transfer.reversed`
// (the whole transfer taken back) fails the payout and puts its money back in the wallet.
import { eq } from 'drizzle-orm';
import { readTransfer } from '../../adapters/payments/payments.ts';
import { payouts } from '../../db/schema/index.ts';
import type { EventHandler } from '../payments/event-handlers.ts';
import { failPayout } from './payout-run.ts';

export const handleTransferReversed: EventHandler = async (ctx, tx, event) => {
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
};
