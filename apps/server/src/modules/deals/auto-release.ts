// Auto-release (docs/PRODUCT.md#money): a deliverable with no decision AUTO_RELEASE_AFTER after
// it was sent (14 days by default) is accepted for the client and the escrow released, as if
// they had accepted it; the client is reminded half-way (day 7 of 14) and a fourteenth before
// the end (day 13). A rejection or a problem report stops the clock (the deal leaves
// `awaiting_decision`). Run every minute by the deals job, on every instance under one lock.
import { decisionRemindersLeft } from '@app/shared';
import { and, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { deals } from '../../db/schema/index.ts';
import { lockProject } from '../projects/index.ts';
import { lockPendingSubmission } from '../submissions/index.ts';
import { lockLiveDeal } from './deal-rows.ts';
import { dealTransaction } from './deal-transaction.ts';
import { accept } from './decide-delivery.ts';

export async function runAutoRelease(
  ctx: AppContext,
  now = new Date(),
): Promise<{ released: number; reminded: number }> {
  const period = ctx.config.autoReleaseMs;
  const [half, last] = decisionRemindersLeft(period);
  let released = 0;
  let reminded = 0;
  const waiting = await ctx.db
    .select({ id: deals.id, projectId: deals.projectId })
    .from(deals)
    .where(
      and(eq(deals.state, 'awaiting_decision'), lte(deals.decisionDueAt, new Date(now.getTime() + half))),
    )
    .limit(200);
  for (const w of waiting) {
    await dealTransaction(ctx, async (tx, events) => {
      await lockProject(tx, w.projectId);
      const deal = await lockLiveDeal(tx, w.projectId);
      if (deal?.id !== w.id || deal.state !== 'awaiting_decision' || !deal.decisionDueAt) return;
      const submission = await lockPendingSubmission(tx, w.projectId);
      if (!submission) return;
      const left = deal.decisionDueAt.getTime() - now.getTime();
      if (left <= 0) {
        await accept(tx, events, deal, submission, now, 'autoRelease', null);
        released += 1;
        return;
      }
      const due = left <= last ? 2 : 1;
      if (deal.remindersSent >= due) return;
      await tx.update(deals).set({ remindersSent: due, updatedAt: now }).where(eq(deals.id, deal.id));
      events.emit(
        {
          type: 'DecisionReminder',
          projectId: deal.projectId,
          dealId: deal.id,
          actorId: null,
          submissionId: submission.id,
          title: submission.title,
          autoReleaseAt: deal.decisionDueAt.toISOString(),
        },
        // Once per version and reminder, however often the job runs.
        { dedupeKey: `reminder:${submission.id}:${deal.decisionDueAt.toISOString()}:${due}` },
      );
      reminded += 1;
    });
  }
  return { released, reminded };
}
