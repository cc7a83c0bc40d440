// The alerts module's public functions: what other modules may use (the rest of its files are its own).

export { alertDigestJob } from './alerts.digest.ts';
export { enqueueProjectAlerts, kickFanouts } from './alerts.fanout.ts';
export { alertFanoutJob } from './alerts.job.ts';
