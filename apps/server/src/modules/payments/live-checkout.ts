// Whether a client is paying for a proposal right now: its engineer may not change or
// withdraw it meanwhile (the client signed and is paying for exactly that proposal).
// Kept apart so the proposals feature can ask without depending on the rest of payments.
import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';

export async function hasLiveCheckout(db: DbOrTx, proposalId: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.proposalId, proposalId),
        eq(payments.status, 'pending'),
        gt(payments.sessionExpiresAt, now),
      ),
    )
    .limit(1);
  return !!row;
}
