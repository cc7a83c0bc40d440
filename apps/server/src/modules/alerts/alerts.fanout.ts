// The fan-out (docs/ALERTS.md 'Durability'): a project that opens leaves one alert_fanouts row in
// the transaction that opens it; the work of finding and alerting its engineers runs after
// commit, never in the request, in batches of engineers. Each batch is one transaction holding
// the fan-out row (FOR UPDATE SKIP LOCKED, so another worker or instance takes other work):
// a crash rolls the batch back and the next worker redoes it; the (engineer, project) primary
// key of project_alerts (ON CONFLICT DO NOTHING) makes a redone batch alert nobody twice.
import {
  alertMessage,
  DEFAULT_ALERT_MAIL_MODE,
  isoDay,
  licenceAllowsAlert,
  projectMatchesFilters,
  type SavedSearchFilters,
  sharesSpecialization,
} from '@app/shared';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  alertFanouts,
  alertSettings,
  engineerAccounts,
  licenses,
  projectAlerts,
  projects,
  savedSearches,
  users,
} from '../../db/schema/index.ts';
import { heldLicensesOf } from '../licenses/index.ts';
import { notifyEach } from '../notifications/index.ts';
import { instantAlertMail } from './alerts.mail.ts';

/** Engineers looked at per transaction: short enough not to hold the database for long. */
export const FANOUT_BATCH = 500;

/**
 * Records that `projectId` opened, in the caller's transaction: its alerts are owed if and only
 * if the opening commits. The worker starts once it does.
 */
export async function enqueueProjectAlerts(ctx: AppContext, tx: DbOrTx, projectId: string): Promise<void> {
  await tx.insert(alertFanouts).values({ projectId });
  ctx.afterCommit(tx, () => kickFanouts(ctx));
}

// One worker loop per process (per app context): a kick while it runs asks for another round.
const loops = new WeakMap<AppContext, { running: Promise<void> | null; again: boolean }>();

/** Runs the pending fan-outs soon, in the background (coalesced; never throws). */
export function kickFanouts(ctx: AppContext): void {
  let state = loops.get(ctx);
  if (!state) {
    state = { running: null, again: false };
    loops.set(ctx, state);
  }
  const s = state;
  if (s.running) {
    s.again = true;
    return;
  }
  s.running = runFanouts(ctx)
    .then(() => undefined)
    .catch((err) => ctx.log.error({ err }, 'alert fan-out failed'))
    .finally(() => {
      s.running = null;
      if (s.again) {
        s.again = false;
        kickFanouts(ctx);
      }
    });
}

/** Waits for this process's running fan-out round, if any (tests, shutdown). */
export async function fanoutsSettled(ctx: AppContext): Promise<void> {
  for (let s = loops.get(ctx); s?.running; s = loops.get(ctx)) await s.running;
}

/** Works through every pending fan-out a batch at a time; answers how many batches ran. */
export async function runFanouts(ctx: AppContext): Promise<number> {
  let batches = 0;
  while (await runFanoutBatch(ctx)) batches++;
  return batches;
}

type Candidate = {
  id: string;
  email: string;
  specializations: string[] | null;
  mailMode: (typeof alertSettings.$inferSelect)['mailMode'] | null;
};

/**
 * One batch of one pending fan-out, in one transaction. Answers false when no fan-out is
 * waiting (or every waiting one is held by another worker).
 */
export async function runFanoutBatch(ctx: AppContext, now = new Date()): Promise<boolean> {
  return ctx.transaction(async (tx) => {
    const [fanout] = await tx
      .select()
      .from(alertFanouts)
      .where(isNull(alertFanouts.doneAt))
      .orderBy(asc(alertFanouts.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!fanout) return false;
    const done = (cursor: string | null) =>
      tx.update(alertFanouts).set({ cursor, doneAt: now }).where(eq(alertFanouts.id, fanout.id));
    const [project] = await tx.select().from(projects).where(eq(projects.id, fanout.projectId));
    // Taken or withdrawn before its turn came: nobody is told of a project they cannot take.
    if (project?.status !== 'open') {
      await done(fanout.cursor);
      return true;
    }
    const candidates = await candidatesAfter(tx, project, fanout.cursor, now);
    if (candidates.length > 0) await alertBatch(ctx, tx, project, candidates, now);
    const last = candidates.at(-1)?.id ?? fanout.cursor;
    if (candidates.length < FANOUT_BATCH) await done(last);
    else await tx.update(alertFanouts).set({ cursor: last }).where(eq(alertFanouts.id, fanout.id));
    return true;
  });
}

type ProjectRow = typeof projects.$inferSelect;

/**
 * The next engineers (by id, after `cursor`) holding a verified, current licence of the
 * project's type and place: the database narrows, the shared rule (licenceAllowsAlert) decides.
 */
function candidatesAfter(
  tx: Tx,
  project: ProjectRow,
  cursor: string | null,
  now: Date,
): Promise<Candidate[]> {
  const fitting = sql`exists (select 1 from ${licenses} l where l.user_id = ${users.id}
    and l.verification_status = 'verified'
    and (l.expiration_date is null or l.expiration_date >= ${isoDay(now)}::date)
    ${project.licenseType ? sql`and l.license_type = ${project.licenseType}` : sql``}
    ${project.country ? sql`and l.issue_country = ${project.country}` : sql``}
    ${project.state ? sql`and l.issue_state = ${project.state}` : sql``})`;
  return tx
    .select({
      id: users.id,
      email: users.email,
      specializations: engineerAccounts.specializations,
      mailMode: alertSettings.mailMode,
    })
    .from(users)
    .leftJoin(engineerAccounts, eq(engineerAccounts.userId, users.id))
    .leftJoin(alertSettings, eq(alertSettings.userId, users.id))
    .where(and(eq(users.role, 'engineer'), cursor ? gt(users.id, cursor) : undefined, fitting))
    .orderBy(asc(users.id))
    .limit(FANOUT_BATCH);
}

async function alertBatch(ctx: AppContext, tx: Tx, project: ProjectRow, candidates: Candidate[], now: Date) {
  const ids = candidates.map((c) => c.id);
  const licencesOf = await heldLicensesOf(tx, ids);
  // Saved searches of these engineers, with the database's answer to their words.
  const searches = await tx
    .select({
      id: savedSearches.id,
      userId: savedSearches.userId,
      name: savedSearches.name,
      filters: savedSearches.filters,
      mail: savedSearches.mail,
      textMatches: sql<boolean>`coalesce((${savedSearches.filters}->>'q') is null
        or (select p.search from ${projects} p where p.id = ${project.id}) @@ websearch_to_tsquery('english', ${savedSearches.filters}->>'q'), false)`,
    })
    .from(savedSearches)
    .where(inArray(savedSearches.userId, ids))
    .orderBy(asc(savedSearches.createdAt));
  const place = {
    licenseType: project.licenseType,
    specializations: project.specializations,
    budget: project.budget,
    urgencyLevel: project.urgencyLevel,
    country: project.country,
    state: project.state,
  };
  const alerts: Array<typeof projectAlerts.$inferInsert & { search: { id: string; name: string } | null }> =
    [];
  for (const c of candidates) {
    if (!licenceAllowsAlert(licencesOf.get(c.id) ?? [], place, now)) continue;
    const bySpecialization = sharesSpecialization(c.specializations ?? [], project.specializations);
    const search = searches.find(
      (s) =>
        s.userId === c.id && projectMatchesFilters(s.filters as SavedSearchFilters, place, s.textMatches),
    );
    if (!bySpecialization && !search) continue;
    const mode = c.mailMode ?? DEFAULT_ALERT_MAIL_MODE;
    alerts.push({
      userId: c.id,
      projectId: project.id,
      savedSearchId: search?.id ?? null,
      mail: mode !== 'never' && (bySpecialization || !!search?.mail),
      search: search ? { id: search.id, name: search.name } : null,
    });
  }
  if (alerts.length === 0) return;
  // Only the rows this batch inserted are told: an engineer alerted before (a retry, another
  // instance, the project opening again) is skipped by the key.
  const inserted = await tx
    .insert(projectAlerts)
    .values(alerts.map(({ search: _search, ...row }) => row))
    .onConflictDoNothing()
    .returning({ userId: projectAlerts.userId });
  const fresh = new Set(inserted.map((r) => r.userId));
  const told = alerts.filter((a) => fresh.has(a.userId));
  await notifyEach(
    ctx,
    tx,
    told.map((a) => ({
      userId: a.userId,
      message: alertMessage(project.title, a.search?.name ?? null),
      link: `/project_details/${project.id}`,
    })),
  );
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const instant = told.filter((a) => a.mail && byId.get(a.userId)?.mailMode === 'instant');
  for (const a of instant)
    await ctx.sendMail(
      tx,
      instantAlertMail(ctx, { userId: a.userId, email: byId.get(a.userId)!.email }, project, a.search),
    );
  if (instant.length > 0)
    await tx
      .update(projectAlerts)
      .set({ mailedAt: now })
      .where(
        and(
          eq(projectAlerts.projectId, project.id),
          inArray(
            projectAlerts.userId,
            instant.map((a) => a.userId),
          ),
        ),
      );
}
