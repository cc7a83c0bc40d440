// Every handler of deal events, in the order they run for one event: the record during the
// emitting transaction (and the job alerts of a reopened project), then notifications, mail and the realtime push after it commits.
import type { DealEventHandler } from '../deal-events.ts';
import { alertsHandler } from './alerts.handler.ts';
import { mailHandler } from './mail.handler.ts';
import { notifyHandler } from './notify.handler.ts';
import { realtimeHandler } from './realtime.handler.ts';
import { recordHandler } from './record.handler.ts';

export const DEAL_EVENT_HANDLERS: readonly DealEventHandler[] = [
  recordHandler,
  alertsHandler,
  notifyHandler,
  mailHandler,
  realtimeHandler,
];
