// The Sunday payout run (docs/PRODUCT.md#what-it-does): pays what is due that day. A missed Sunday (the server
// was down) is caught up by the next run, which pays everything due by its own date.
import type { Job } from '../../jobs/job.ts';
import { runPayouts } from './payout-run.ts';

export const payoutsJob: Job = {
  name: 'payouts',
  schedule: '0 6 * * 0', // Sundays, 06:00 UTC
  async run(ctx) {
    const result = await runPayouts(ctx, { date: new Date().toISOString().slice(0, 10) });
    ctx.log.info({ ...result }, 'payout run finished');
  },
};
