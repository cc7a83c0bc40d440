// The payouts module's public functions: what other modules may use (the rest of its files are its own).
export { runPayouts } from './payout-run.ts';
export { handleTransferReversed } from './payouts.events.ts';
export { createPayoutForRelease } from './payouts.service.ts';
