// The ratings module's public functions: what other modules may use (the rest of its files are its own).
export { canRate } from './ratings.policy.ts';
