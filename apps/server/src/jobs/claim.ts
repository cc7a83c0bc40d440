// Once across instances: every instance sharing a database fires the same schedule, and the
// first to insert the (job, scheduled time) row runs that occurrence; the others skip it. An
// advisory lock alone is not enough: an instance whose clock or event loop is a moment behind
// would find the lock free again after a short job and run it a second time.
import { hostname } from 'node:os';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { jobRuns } from '../db/schema/index.ts';
import type { Job } from './job.ts';
import { withAdvisoryLock } from './lock.ts';

/** This process, as written into the rows it claims. */
export const instanceName = `${hostname()}:${process.pid}`;

const KEEP_MS = 7 * 24 * 3600_000;

export type ClaimOutcome = 'ran' | 'failed' | 'claimed elsewhere' | 'still running elsewhere';

/**
 * Runs `job` for the occurrence scheduled at `slot` unless another instance claimed it, or
 * its previous occurrence is still running (the advisory lock). Job errors are recorded and
 * logged, never thrown: a failed occurrence is not retried, the next one runs as usual.
 */
export async function runClaimed(ctx: AppContext, job: Job, slot: Date): Promise<ClaimOutcome> {
  let outcome: ClaimOutcome = 'still running elsewhere';
  await withAdvisoryLock(ctx, job.name, async () => {
    const claimed = await ctx.db
      .insert(jobRuns)
      .values({ job: job.name, slot, instance: instanceName })
      .onConflictDoNothing()
      .returning({ job: jobRuns.job });
    if (claimed.length === 0) {
      outcome = 'claimed elsewhere';
      return;
    }
    try {
      await job.run(ctx);
      outcome = 'ran';
    } catch (err) {
      ctx.log.error({ err, job: job.name }, 'job failed');
      outcome = 'failed';
    }
    await ctx.db
      .update(jobRuns)
      .set({ finishedAt: sql`now()`, outcome: outcome === 'ran' ? 'ok' : 'failed' })
      .where(and(eq(jobRuns.job, job.name), eq(jobRuns.slot, slot)));
    await ctx.db
      .delete(jobRuns)
      .where(and(eq(jobRuns.job, job.name), lt(jobRuns.slot, new Date(slot.getTime() - KEEP_MS))));
  });
  ctx.log.info({ job: job.name, slot: slot.toISOString(), outcome, instance: instanceName }, 'scheduled job');
  return outcome;
}
