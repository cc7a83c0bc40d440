// A project's record, read by its parties (with the chain's verdict) and checked across the
// database by npm run record:verify. Features write it through append-record.ts.
import { describeRecordEntry, type ProjectRecordDto, RECORD_MESSAGES } from '@app/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  type ProjectRecordEntryRow,
  payments,
  payouts,
  projectRecordEntries,
  proposals,
  submissions,
  users,
} from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { findProject } from '../projects/index.ts';
import { acceptedEngineerOf } from '../proposals/index.ts';
import { canReadRecord, verifyChain } from '../record-chain/index.ts';

function entriesOf(db: DbOrTx, projectId: string): Promise<ProjectRecordEntryRow[]> {
  return db
    .select()
    .from(projectRecordEntries)
    .where(eq(projectRecordEntries.projectId, projectId))
    .orderBy(asc(projectRecordEntries.seq));
}

const isId = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v);

/**
 * The names the entries' sentences need, by id: people by user id, the engineer by proposal,
 * payment and payout id, a deliverable's title by submission id.
 */
async function namesFor(db: DbOrTx, rows: ProjectRecordEntryRow[]): Promise<Map<string, string>> {
  const ids = (keys: string[]) => [
    ...new Set(rows.flatMap((r) => keys.map((k) => (r.data as Record<string, unknown>)[k]).filter(isId))),
  ];
  const people = [
    ...new Set([...rows.map((r) => r.actorId).filter(isId), ...ids(['engineer_id', 'receiver_id'])]),
  ];
  const [proposalIds, paymentIds, payoutIds, submissionIds] = [
    ids(['proposal_id']),
    ids(['payment_id']),
    ids(['payout_id']),
    ids(['submission_id']),
  ];
  const none = Promise.resolve([] as Array<{ id: string; name: string }>);
  const [a, b, c, d, e] = await Promise.all([
    people.length
      ? db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, people))
      : none,
    proposalIds.length
      ? db
          .select({ id: proposals.id, name: users.fullName })
          .from(proposals)
          .innerJoin(users, eq(users.id, proposals.engineerId))
          .where(inArray(proposals.id, proposalIds))
      : none,
    paymentIds.length
      ? db
          .select({ id: payments.id, name: users.fullName })
          .from(payments)
          .innerJoin(users, eq(users.id, payments.engineerId))
          .where(inArray(payments.id, paymentIds))
      : none,
    payoutIds.length
      ? db
          .select({ id: payouts.id, name: users.fullName })
          .from(payouts)
          .innerJoin(users, eq(users.id, payouts.engineerId))
          .where(inArray(payouts.id, payoutIds))
      : none,
    submissionIds.length
      ? db
          .select({ id: submissions.id, name: submissions.title })
          .from(submissions)
          .where(inArray(submissions.id, submissionIds))
      : none,
  ]);
  return new Map([...a, ...b, ...c, ...d, ...e].map((r) => [r.id, r.name]));
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
  const names = await namesFor(ctx.db, rows);
  const name = (id: unknown) => (isId(id) ? (names.get(id) ?? null) : null);
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
      actor_name: name(r.actorId),
      summary: describeRecordEntry({ type: r.type, actor_id: r.actorId, data: r.data }, name),
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
