// Scheduled work. Each job runs under a PostgreSQL advisory lock (jobs/lock.ts) so
// only one instance runs it when several share a database.
import { Cron } from 'croner';
import type { AppContext } from '../context.ts';
import { authCountsJob } from '../modules/auth/auth.job.ts';
import { dealsJob } from '../modules/deals/index.ts';
import { unattachedFilesJob } from '../modules/files/files.job.ts';
import { licenseExpiryJob } from '../modules/licenses/licenses.job.ts';
import { payoutsJob } from '../modules/payouts/payouts.job.ts';
import type { Job } from './job.ts';
import { withAdvisoryLock } from './lock.ts';

export type { Job } from './job.ts';

/** Features add their jobs here. */
export const jobs: Job[] = [authCountsJob, dealsJob, licenseExpiryJob, payoutsJob, unattachedFilesJob];

export function startJobs(ctx: AppContext): () => void {
  const crons = jobs.map(
    (job) =>
      new Cron(job.schedule, { protect: true, timezone: 'UTC' }, async () => {
        try {
          await withAdvisoryLock(ctx, job.name, () => job.run(ctx));
        } catch (err) {
          ctx.log.error({ err, job: job.name }, 'job failed');
        }
      }),
  );
  return () => {
    for (const cron of crons) cron.stop();
  };
}
