// Moving deals by the transition table (DEAL_TRANSITIONS in packages/shared/src/deals.ts, the
// one statement of which operation may move a deal from which state to which, and who
// performs it; docs/DEALS.md draws it). Every operation file moves the deal with moveDeal(),
// whose guarded update changes no row unless the deal is still in one of the operation's
// `from` states; an attempt outside the table is a 409 that says why.
import {
  DEAL_MESSAGES,
  DEAL_TRANSITIONS,
  type DealOperation,
  type DealState,
  dealAllows,
  FINAL_DEAL_STATES,
} from '@app/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type DealRow, deals } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

export const isFinal = (state: DealState): boolean => FINAL_DEAL_STATES.includes(state);

export { dealAllows as allows };

/** Why `op` cannot start from `state`, in words a person can act on. */
export function refusalOf(op: DealOperation, state: DealState): string {
  if (isFinal(state)) return DEAL_MESSAGES.finished;
  if (state === 'refunding') return DEAL_MESSAGES.refundUnderWay;
  switch (op) {
    case 'refund':
      return state === 'paid' ? DEAL_MESSAGES.refundWindowOver : DEAL_MESSAGES.refundAfterDelivery;
    case 'deliver':
    case 'editDelivery':
      return state === 'disputed' ? DEAL_MESSAGES.refundDisputed : DEAL_MESSAGES.notDeliverable;
    case 'accept':
    case 'reject':
    case 'autoRelease':
      return DEAL_MESSAGES.notAwaitingDecision;
    case 'reportProblem':
      return state === 'disputed' ? DEAL_MESSAGES.alreadyReported : DEAL_MESSAGES.notUnderWay;
    default:
      return DEAL_MESSAGES.notDisputed;
  }
}

/** Refuses `op` on `deal` unless the table allows it from the deal's state. */
export function assertAllowed(op: DealOperation, deal: Pick<DealRow, 'state'>): void {
  if (!dealAllows(op, deal.state)) throw new AppError('CONFLICT', refusalOf(op, deal.state));
}

/**
 * Moves the deal by `op` to `to` (one of the operation's targets), with `patch`, guarded on
 * the operation's `from` states: of two racing requests one wins; the other's update changes
 * no row and throws, rolling its transaction back.
 */
export async function moveDeal(
  tx: DbOrTx,
  deal: Pick<DealRow, 'id'>,
  op: DealOperation,
  to: DealState,
  patch: Partial<Omit<DealRow, 'id' | 'state'>> = {},
): Promise<DealRow> {
  const t = DEAL_TRANSITIONS[op];
  if (!(t.to as readonly DealState[]).includes(to))
    throw new Error(`the transition table has no ${op} to ${to}`);
  const now = new Date();
  const [moved] = await tx
    .update(deals)
    .set({ ...patch, state: to, updatedAt: now, ...(isFinal(to) ? { endedAt: now } : {}) })
    .where(and(eq(deals.id, deal.id), inArray(deals.state, [...t.from] as DealState[])))
    .returning();
  if (!moved) throw new AppError('CONFLICT', DEAL_MESSAGES.changedMeanwhile);
  return moved;
}
