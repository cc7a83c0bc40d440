// The admin dashboard's finance summary: money in escrow, platform revenue, what the next
// payout run pays, failed payouts, and the last twelve months — all read from the ledger
// and the payouts, never from counters.
import { type FinanceSummaryDto, nextPayoutRunDate, payablePayouts } from '@app/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { payoutAccounts, payouts } from '../../db/schema/index.ts';
import { type Actor, authorize, isStaff } from '../../lib/policy.ts';

async function rows<T>(ctx: AppContext, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await ctx.db.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}

export async function financeSummary(
  ctx: AppContext,
  actor: Actor,
  now = new Date(),
): Promise<FinanceSummaryDto> {
  authorize(isStaff(actor), 'Only staff can see the platform’s finances.');
  const [balances] = await rows<{ escrow: string; revenue: string; wallets: string }>(
    ctx,
    sql`select coalesce(sum(e.amount_cents) filter (where a.kind = 'escrow'), 0) as escrow,
               coalesce(sum(e.amount_cents) filter (where a.kind = 'platform_revenue'), 0) as revenue,
               coalesce(sum(e.amount_cents) filter (where a.kind = 'engineer_wallet'), 0) as wallets
        from ledger_entries e join ledger_accounts a on a.id = e.account_id`,
  );
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const monthly = await rows<{
    month: string;
    paid_in: string;
    refunded: string;
    revenue: string;
    paid_out: string;
  }>(
    ctx,
    sql`select to_char(date_trunc('month', t.created_at at time zone 'UTC'), 'YYYY-MM') as month,
               coalesce(sum(e.amount_cents) filter (where t.kind = 'capture' and a.kind = 'escrow'), 0) as paid_in,
               coalesce(sum(e.amount_cents) filter (where t.kind = 'refund' and a.kind = 'client_funding'), 0) as refunded,
               coalesce(sum(e.amount_cents) filter (where a.kind = 'platform_revenue'), 0) as revenue,
               coalesce(sum(e.amount_cents) filter (where a.kind = 'payouts_clearing'), 0) as paid_out
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id
        where t.created_at >= ${from.toISOString()}
        group by 1 order by 1`,
  );
  const byMonth = new Map(monthly.map((m) => [m.month, m]));
  const months = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1));
    const key = d.toISOString().slice(0, 7);
    const m = byMonth.get(key);
    return {
      month: key,
      paid_in: Number(m?.paid_in ?? 0),
      refunded: Number(m?.refunded ?? 0),
      revenue: Number(m?.revenue ?? 0),
      paid_out: Number(m?.paid_out ?? 0),
    };
  });

  const waiting = await ctx.db
    .select({
      id: payouts.id,
      engineerId: payouts.engineerId,
      amountCents: payouts.amountCents,
      payoutDate: payouts.payoutDate,
      status: payouts.status,
      payoutsEnabled: sql<boolean>`coalesce(${payoutAccounts.payoutsEnabled}, false)`,
    })
    .from(payouts)
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, payouts.engineerId))
    .where(inArray(payouts.status, ['initiated', 'failed']));
  const nextRun = nextPayoutRunDate(now);
  const due = payablePayouts(waiting, nextRun);
  const failed = waiting.filter((p) => p.status === 'failed');
  const sum = (list: Array<{ amountCents: number }>) => list.reduce((n, p) => n + p.amountCents, 0);
  return {
    escrow: Number(balances?.escrow ?? 0),
    platform_revenue: Number(balances?.revenue ?? 0),
    wallets: Number(balances?.wallets ?? 0),
    next_run_date: nextRun,
    due_next_run: sum(due),
    due_next_run_count: due.length,
    failed_payouts: sum(failed),
    failed_payouts_count: failed.length,
    months,
  };
}
