// Daily: remind engineers of verified licences that expire within 30 days (once each).
import type { Job } from '../../jobs/job.ts';
import { sendExpiryReminders } from './licenses.service.ts';

export const licenseExpiryJob: Job = {
  name: 'license-expiry-reminders',
  schedule: '0 8 * * *',
  async run(ctx) {
    const sent = await sendExpiryReminders(ctx);
    if (sent) ctx.log.info({ sent }, 'license expiry reminders sent');
  },
};
