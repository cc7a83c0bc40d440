// The alerts module's public functions: what other modules may use (the rest of its files are its own).
export { enqueueProjectAlerts, kickFanouts } from './alerts.fanout.ts';
export { alertDigestJob } from './alerts.digest.ts';
export { alertFanoutJob } from './alerts.job.ts';
