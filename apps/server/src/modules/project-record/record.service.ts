// A project's record, read by its parties (with the chain's verdict) and checked across the
// database by npm run record:verify. Features write it through append-record.ts.
import { type ProjectRecordDto, RECORD_MESSAGES } from '@app/shared';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type ProjectRecordEntryRow, projectRecordEntries } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { findProject } from '../projects/index.ts';
import { acceptedEngineerOf } from '../proposals/index.ts';
import { canReadRecord } from './record.policy.ts';
import { verifyChain } from './record-chain.ts';

function entriesOf(db: DbOrTx, projectId: string): Promise<ProjectRecordEntryRow[]> {
  return db
    .select()
    .from(projectRecordEntries)
    .where(eq(projectRecordEntries.projectId, projectId))
    .orderBy(asc(projectRecordEntries.seq));
}

/** GET /api/projects/{id}/record: the entries and whether they verify. */
export async function readRecord(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
): Promise<ProjectRecordDto> {
  const project = await findProject(ctx.db, projectId);
  if (!project) throw notFound('Project not found');
  const deal = { clientId: project.customerId, engineerId: await acceptedEngineerOf(ctx.db, projectId) };
  if (!canReadRecord(actor, deal)) throw forbidden(RECORD_MESSAGES.onlyParties);
  const rows = await entriesOf(ctx.db, projectId);
  const verdict = verifyChain(rows);
  return {
    project_id: projectId,
    project_title: project.title,
    entries: rows.map((r) => ({
      seq: r.seq,
      type: r.type,
      actor_id: r.actorId,
      data: r.data,
      at: r.at.toISOString(),
      prev_hash: r.prevHash,
      hash: r.hash,
    })),
    verified: verdict.verified,
    broken_at: verdict.brokenAt,
    head_hash: verdict.headHash,
  };
}

export type RecordCheck = {
  projects: number;
  entries: number;
  broken: Array<{ projectId: string; seq: number }>;
};

/** Every project's chain on this database (npm run record:verify), one project at a time. */
export async function verifyAllRecords(db: DbOrTx): Promise<RecordCheck> {
  const ids = await db
    .selectDistinct({ projectId: projectRecordEntries.projectId })
    .from(projectRecordEntries)
    .orderBy(projectRecordEntries.projectId);
  const check: RecordCheck = { projects: ids.length, entries: 0, broken: [] };
  for (const { projectId } of ids) {
    const rows = await entriesOf(db, projectId);
    check.entries += rows.length;
    const verdict = verifyChain(rows);
    if (!verdict.verified) check.broken.push({ projectId, seq: verdict.brokenAt ?? 0 });
  }
  return check;
}

export function formatRecordCheck(check: RecordCheck): string {
  const lines = [`Project records: ${check.projects} projects, ${check.entries} entries.`];
  if (check.broken.length === 0) lines.push('OK: every chain verifies.');
  for (const b of check.broken) lines.push(`BROKEN: project ${b.projectId} from entry ${b.seq}.`);
  return lines.join('\n');
}
