// What other features ask of payments without depending on the rest of it: whether a
// client is paying for a proposal right now (its engineer may not change or withdraw it
// meanwhile), and whether a project has payment records (it can then not be deleted:
// money records are kept).
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

export async function hasPaymentRecords(db: DbOrTx, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.projectId, projectId))
    .limit(1);
  return !!row;
}
