import type { Job } from '../../jobs/job.ts';
import { sweepCounts } from './attempts.ts';

/** Hourly: counts of wrong passwords and mails untouched for a day are dropped. */
export const authCountsJob: Job = {
  name: 'auth.sweep-counts',
  schedule: '29 * * * *',
  async run(ctx) {
    const swept = await sweepCounts(ctx.db);
    if (swept > 0) ctx.log.info({ swept }, 'old identity counts dropped');
  },
};
