// Job alerts of a project back on the market (modules/alerts): a refund that reopens it owes
// its engineers the alert a new post would, written in the emitting transaction so the
// fan-out exists if and only if the reopening committed.
import { enqueueProjectAlerts } from '../../alerts/index.ts';
import type { DealEventHandler } from '../deal-events.ts';

export const alertsHandler: DealEventHandler = {
  name: 'alerts',
  during: true,
  handles: ['DealRefunded'],
  async run(ctx, tx, e) {
    if (e.type === 'DealRefunded' && e.reopened) await enqueueProjectAlerts(ctx, tx, e.projectId);
  },
};
