// The fan-out's safety net: the worker starts after each opening commits, in the process that
// committed it; should that process stop first, the next minute's run (any instance) finishes it.
import type { Job } from '../../jobs/job.ts';
import { runFanouts } from './alerts.fanout.ts';

export const alertFanoutJob: Job = {
  name: 'alerts.fanout',
  schedule: '* * * * *',
  async run(ctx) {
    await runFanouts(ctx);
  },
};
