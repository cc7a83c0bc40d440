// The one place the web hears that a deal moved (docs/DEALS.md 'What people see'): the
// server pushes `deal-changed` to both parties and to staff, and every cached answer that
// shows something of a deal is marked out of date by its tag. Only the queries a screen
// is showing are read again (RTK Query refetches subscribed queries only), so the engineer's
// open project page, wallet, submissions and lists, the client's payments, the support desk
// and Admin Orders all follow without a reload, and nobody parses a notification's text.
import type { DealChangedEvent } from '@app/shared';
import { api } from './api';
import { onSocketEvent } from './socket';

/** What a deal's move may change on screen: everything a deal touches, by tag type. */
export const DEAL_TAGS = [
  'Deal',
  'Project',
  'ProjectRecord',
  'Proposal',
  'Payment',
  'Wallet',
  'Payout',
  'Submission',
  'Dispute',
  'Ticket',
  'TicketReply',
  'Finance',
] as const;

/** The invalidation a `deal-changed` event dispatches (pure, for its test). */
export const dealChangedAction = (_event: DealChangedEvent) => api.util.invalidateTags([...DEAL_TAGS]);

/** Subscribes the store to `deal-changed`; answers the unsubscribe function. */
export function startDealEvents(store: { dispatch(action: unknown): unknown }): () => void {
  return onSocketEvent('deal-changed', (event) => {
    store.dispatch(dealChangedAction(event));
  });
}
