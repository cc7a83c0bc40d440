import type { Job } from '../../jobs/job.ts';
import { sweepUnattachedFiles } from './files.service.ts';

/** Hourly: uploads that no field took within a day are deleted. */
export const unattachedFilesJob: Job = {
  name: 'files.sweep-unattached',
  schedule: '17 * * * *',
  async run(ctx) {
    const swept = await sweepUnattachedFiles(ctx);
    if (swept > 0) ctx.log.info({ swept }, 'unattached uploads deleted');
  },
};
