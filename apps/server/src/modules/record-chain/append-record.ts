// Appending to a project's record, called by each feature in the same transaction as its
// event, so that an event and its entry commit or roll back together. Call it as the last
// write of the transaction: it serializes appends per project with a transaction-scoped
// advisory lock, and taking that lock last keeps it from waiting behind row locks that
// another append's transaction holds.
import { type ProjectRecordEvent, RECORD_GENESIS_HASH } from '@app/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { projectRecordEntries } from '../../db/schema/index.ts';
import { entryHash } from './record-chain.ts';

export type RecordEvent = {
  type: ProjectRecordEvent;
  /** Who did it; null for the payment provider and scheduled runs. */
  actorId: string | null;
  data: Record<string, unknown>;
  at?: Date;
};

/** Appends one entry to the project's record, chained to the one before. */
export async function appendRecord(tx: DbOrTx, projectId: string, event: RecordEvent): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`record:${projectId}`}, 0))`);
  const [last] = await tx
    .select({ seq: projectRecordEntries.seq, hash: projectRecordEntries.hash })
    .from(projectRecordEntries)
    .where(eq(projectRecordEntries.projectId, projectId))
    .orderBy(desc(projectRecordEntries.seq))
    .limit(1);
  // Whole milliseconds: what a JavaScript Date holds is what the hash covers.
  const at = new Date(Math.floor((event.at ?? new Date()).getTime()));
  const entry = {
    projectId,
    seq: (last?.seq ?? 0) + 1,
    type: event.type,
    actorId: event.actorId,
    // Through JSON once, so the hash covers exactly what jsonb will give back.
    data: JSON.parse(JSON.stringify(event.data)) as Record<string, unknown>,
    at,
    prevHash: last?.hash ?? RECORD_GENESIS_HASH,
  };
  await tx.insert(projectRecordEntries).values({ ...entry, hash: entryHash(entry) });
}
