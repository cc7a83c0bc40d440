// Reading and locking deal rows. Locks are taken in the order every deal operation uses:
// the project, then the deal, then the payment (and its refund).
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type DealRow, deals, users } from '../../db/schema/index.ts';

const FINAL = ['released', 'refunded', 'split'] as const;

/** The project's deal under way, locked (lock the project first). */
export async function lockLiveDeal(tx: DbOrTx, projectId: string): Promise<DealRow | undefined> {
  const [row] = await tx
    .select()
    .from(deals)
    .where(and(eq(deals.projectId, projectId), notInArray(deals.state, [...FINAL])))
    .for('update');
  return row;
}

/** The project's current deal, or its last one once finished; undefined when it never had one. */
export async function latestDeal(db: DbOrTx, projectId: string): Promise<DealRow | undefined> {
  const [row] = await db
    .select()
    .from(deals)
    .where(eq(deals.projectId, projectId))
    .orderBy(desc(deals.createdAt))
    .limit(1);
  return row;
}

export async function dealById(db: DbOrTx, id: string | null): Promise<DealRow | null> {
  if (!id) return null;
  const [row] = await db.select().from(deals).where(eq(deals.id, id));
  return row ?? null;
}

export async function dealOfPayment(db: DbOrTx, paymentId: string): Promise<DealRow | undefined> {
  const [row] = await db.select().from(deals).where(eq(deals.paymentId, paymentId)).for('update');
  return row;
}

export type Person = { id: string; fullName: string; email: string };

export async function person(db: DbOrTx, id: string): Promise<Person> {
  const [u] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return u;
}
