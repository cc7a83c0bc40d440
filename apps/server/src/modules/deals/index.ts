// Deals: one paid engagement of an engineer on a project, from payment to release, refund or
// split (docs/DEALS.md). Every operation that moves a project, a proposal, a payment, escrow,
// a deliverable's decision, a dispute or a payout together lives here, one file each; the
// transition table (DEAL_TRANSITIONS in @app/shared) says which may move a deal from where.
export { runAutoRelease } from './auto-release.ts';
export { completeCheckout, failCheckout } from './complete-checkout.ts';
export { applyRefundEvent } from './complete-refund.ts';
export type { DealEvent, DealEventHandler, StoredDealEvent } from './deal-events.ts';
export { dealTransaction } from './deal-transaction.ts';
export { dealsJob, runDealsJob } from './deals.job.ts';
export { default as dealRoutes } from './deals.routes.ts';
export { handleProviderEvent } from './provider-events.ts';
export { default as webhookRoutes, WEBHOOK_PATH } from './webhook.routes.ts';
