// Scheduled work. Each occurrence of a job runs on one instance only when several share a
// database: the one that claims it in job_runs (jobs/claim.ts), under an advisory lock so a
// slow run is not overtaken by the next. The jobs themselves are the features' own, listed in
// modules/index.ts: this folder knows no feature.
import { Cron } from 'croner';
import type { AppContext } from '../context.ts';
import { runClaimed } from './claim.ts';
import type { Job } from './job.ts';

export type { Job } from './job.ts';

/**
 * Starts every job on its schedule (or on `config.jobsSchedule`, the override for staging and
 * the deployment test). Answers a stop function that waits for running occurrences to finish.
 */
export function startJobs(ctx: AppContext, list: readonly Job[]): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const crons = list.map((job) => {
    const pattern = ctx.config.jobsSchedule ?? job.schedule;
    // The occurrence is named by the time the pattern names, the same on every instance: the
    // latest one at or before a moment from now (croner fires a few ms after it).
    const schedule = new Cron(pattern, { timezone: 'UTC', paused: true });
    return new Cron(pattern, { protect: true, timezone: 'UTC' }, async () => {
      const slot = schedule.previousRuns(1, new Date(Date.now() + 500))[0] ?? new Date();
      const work = runClaimed(ctx, job, slot).catch((err) =>
        ctx.log.error({ err, job: job.name }, 'job failed'),
      );
      running.add(work);
      await work;
      running.delete(work);
    });
  });
  return async () => {
    for (const cron of crons) cron.stop();
    await Promise.allSettled([...running]);
  };
}
