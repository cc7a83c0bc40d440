// The one realtime push of a deal's change ('deal-changed'), to both parties, the engineers
// whose proposals it touched, and staff: each screen showing the project reads it again.
import type { DealChange, DealChangedEvent } from '@app/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { DealEventHandler, DealEventType } from '../deal-events.ts';

const CHANGE: Record<DealEventType, DealChange> = {
  DealPaid: 'paid',
  LatePaymentRefunding: 'refund',
  RefundRequested: 'refund',
  DealRefunded: 'refund',
  RefundFailed: 'refund',
  DeliverySubmitted: 'delivered',
  DeliveryUpdated: 'delivered',
  DeliveryAccepted: 'released',
  DeliveryRejected: 'decided',
  DecisionReminder: 'delivered',
  ProblemReported: 'problem',
  ProblemWithdrawn: 'problem',
  ProblemSettled: 'settled',
};

export const realtimeHandler: DealEventHandler = {
  name: 'realtime',
  handles: 'all',
  async run(ctx, tx, e, deal) {
    const people = new Set<string>();
    if (deal) {
      people.add(deal.clientId);
      people.add(deal.engineerId);
    }
    if (e.type === 'LatePaymentRefunding') people.add(e.clientId);
    if (e.type === 'DealPaid') for (const id of e.notSelectedEngineerIds) people.add(id);
    if (e.type === 'DealRefunded') for (const id of e.restoredEngineerIds) people.add(id);
    for (const a of await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')))
      people.add(a.id);
    const push: DealChangedEvent = {
      project_id: e.projectId,
      deal_id: e.dealId,
      change: CHANGE[e.type],
      state: deal?.state ?? null,
    };
    // After this handler's transaction commits, as every push.
    ctx.afterCommit(tx, () => {
      for (const id of people) ctx.realtime.emitToUser(id, 'deal-changed', push);
    });
  },
};
