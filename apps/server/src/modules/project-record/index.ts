// The project-record module's public functions: what other modules may use (the rest of its files are its own).
export { appendRecord } from './append-record.ts';
export { canReadRecord } from './record.policy.ts';
