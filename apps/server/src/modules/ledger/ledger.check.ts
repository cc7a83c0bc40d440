// `npm run ledger:check`: every invariant of the money, checked on a live database and
// reported. The tests run it after their scenarios; staff can run it any time.
import { centsToDecimal, PLATFORM_FEE_PERCENT } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export type LedgerCheck = { name: string; ok: boolean; problems: string[] };
export type LedgerReport = {
  ok: boolean;
  checks: LedgerCheck[];
  totals: { transactions: number; escrowCents: number; platformRevenueCents: number; walletsCents: number };
};

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}

const cents = (v: unknown) => Number(v ?? 0);
/**
 * What a released payment gave the engineer's side (before the fee): the whole payment, or a
 * split's engineer part (the payment less the client's part refunded).
 */
const GROSS = `(p.amount_cents - coalesce((select sum(r.amount_cents) from refunds r where r.payment_id = p.id and r.status = 'succeeded'), 0))`;
const grossSql = sql.raw(GROSS);
/** The platform's share of it in SQL, the same rounding as splitFee (half up, whole cents). */
const feeSql = sql.raw(`((${GROSS} * ${PLATFORM_FEE_PERCENT} + 50) / 100)`);

/**
 * The owners (project, client, engineer) whose ledger balance in accounts of `kind` differs
 * from what the product's rows say it should be (`expected`: a query answering owner_id, cents).
 */
async function balanceMismatches(db: DbOrTx, kind: string, expected: ReturnType<typeof sql>) {
  return rows<{ owner_id: string; expected: string; actual: string }>(
    db,
    sql`with expected as (${expected}),
        actual as (
          select a.owner_id, sum(e.amount_cents) as cents
          from ledger_accounts a join ledger_entries e on e.account_id = a.id
          where a.kind = ${kind} group by a.owner_id)
        select coalesce(x.owner_id, y.owner_id) as owner_id,
               coalesce(x.cents, 0) as expected, coalesce(y.cents, 0) as actual
        from expected x full join actual y on x.owner_id = y.owner_id
        where coalesce(x.cents, 0) <> coalesce(y.cents, 0)`,
  );
}

export async function checkLedger(db: DbOrTx): Promise<LedgerReport> {
  const checks: LedgerCheck[] = [];
  const check = (name: string, problems: string[]) =>
    checks.push({ name, ok: problems.length === 0, problems });

  const unbalanced = await rows<{ source_key: string; total: string; n: string }>(
    db,
    sql`select t.source_key, coalesce(sum(e.amount_cents), 0) as total, count(e.id) as n
        from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
        group by t.id, t.source_key
        having coalesce(sum(e.amount_cents), 0) <> 0 or count(e.id) < 2`,
  );
  check(
    'every transaction balances (entries sum to zero, at least two entries)',
    unbalanced.map((r) => `${r.source_key}: ${r.n} entries summing to ${r.total}`),
  );

  const escrow = await balanceMismatches(
    db,
    'escrow',
    sql`select project_id as owner_id, sum(amount_cents) filter (where status = 'succeeded' and released_at is null) as cents
        from payments group by project_id`,
  );
  check(
    'escrow of each project = its succeeded payments not yet released (paid minus refunded minus released)',
    escrow.map((r) => `project ${r.owner_id}: escrow ${r.actual}, payments say ${r.expected}`),
  );

  const clients = await balanceMismatches(
    db,
    'client_funding',
    sql`select p.customer_id as owner_id,
          -sum(p.amount_cents - coalesce((select sum(r.amount_cents) from refunds r
             where r.payment_id = p.id and r.status = 'succeeded'), 0)) filter (where p.status = 'succeeded') as cents
        from payments p group by p.customer_id`,
  );
  check(
    "each client's funding account = minus what they paid and were not refunded (a split's client part is refunded)",
    clients.map((r) => `client ${r.owner_id}: account ${r.actual}, payments say ${r.expected}`),
  );

  const negative = await rows<{ code: string; balance: string }>(
    db,
    sql`select a.code, sum(e.amount_cents) as balance
        from ledger_accounts a join ledger_entries e on e.account_id = a.id
        where a.kind in ('escrow', 'engineer_wallet', 'platform_revenue')
        group by a.code having sum(e.amount_cents) < 0`,
  );
  check(
    'no escrow, wallet or revenue account is negative',
    negative.map((r) => `${r.code}: ${r.balance}`),
  );

  const postings = await rows<{
    id: string;
    status: string;
    captures: string;
    refunds: string;
    refunded: string;
  }>(
    db,
    sql`select p.id, p.status,
          (select count(*) from ledger_transactions t where t.source_key = 'capture:' || p.id) as captures,
          (select count(*) from ledger_transactions t where t.source_key = 'refund:' || p.id) as refunds,
          (select count(*) from refunds r where r.payment_id = p.id and r.status = 'succeeded') as refunded
        from payments p`,
  );
  check(
    'each payment is captured once if money came in, refunded once if it went back, never otherwise',
    postings
      .filter((p) => {
        const captured = p.status === 'succeeded' || p.status === 'refunded';
        return (
          cents(p.captures) !== (captured ? 1 : 0) ||
          cents(p.refunds) !== (p.status === 'refunded' || cents(p.refunded) > 0 ? 1 : 0)
        );
      })
      .map((p) => `payment ${p.id} (${p.status}): ${p.captures} captures, ${p.refunds} refunds`),
  );

  const [revenue] = await rows<{
    expected: string;
    actual: string;
    engineers_expected: string;
    engineers_actual: string;
  }>(
    db,
    sql`select
          (select coalesce(sum(${feeSql}), 0) from payments p where p.released_at is not null) as expected,
          (select coalesce(sum(e.amount_cents), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
             where a.kind = 'platform_revenue') as actual,
          (select coalesce(sum(${grossSql} - ${feeSql}), 0) from payments p where p.released_at is not null) as engineers_expected,
          (select coalesce(sum(e.amount_cents), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
             where a.kind in ('engineer_wallet', 'payouts_clearing')) as engineers_actual`,
  );
  check(
    'released money is split 20/80 (a split: its engineer part): platform revenue and engineers (wallets plus paid out) match the releases',
    [
      ...(cents(revenue.expected) !== cents(revenue.actual)
        ? [`platform revenue ${revenue.actual}, releases say ${revenue.expected}`]
        : []),
      ...(cents(revenue.engineers_expected) !== cents(revenue.engineers_actual)
        ? [`engineers ${revenue.engineers_actual}, releases say ${revenue.engineers_expected}`]
        : []),
    ],
  );

  const unpaidOut = await rows<{ id: string; amount: string; payouts: string; payout_cents: string }>(
    db,
    sql`select p.id, ${grossSql} - ${feeSql} as amount, count(o.id) as payouts, coalesce(sum(o.amount_cents), 0) as payout_cents
        from payments p left join payouts o on o.payment_id = p.id
        where p.released_at is not null
        group by p.id, p.amount_cents
        having count(o.id) <> 1 or coalesce(sum(o.amount_cents), 0) <> ${grossSql} - ${feeSql}`,
  );
  check(
    "each released payment has one payout of the engineer's 80%",
    unpaidOut.map((r) => `payment ${r.id}: ${r.payouts} payouts of ${r.payout_cents} for ${r.amount}`),
  );

  const wallets = await balanceMismatches(
    db,
    'engineer_wallet',
    sql`select engineer_id as owner_id, sum(amount_cents) filter (where status in ('initiated', 'failed')) as cents
        from payouts group by engineer_id`,
  );
  check(
    "each engineer's wallet = their payouts not yet sent (initiated, or failed and back in the wallet)",
    wallets.map((r) => `engineer ${r.owner_id}: wallet ${r.actual}, payouts say ${r.expected}`),
  );

  const [clearing] = await rows<{ expected: string; actual: string }>(
    db,
    sql`select
          (select coalesce(sum(amount_cents), 0) from payouts where status in ('pending', 'succeeded')) as expected,
          (select coalesce(sum(e.amount_cents), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
             where a.kind = 'payouts_clearing') as actual`,
  );
  check(
    'money sent out (payouts clearing) = payouts on their way or paid',
    cents(clearing.expected) !== cents(clearing.actual)
      ? [`payouts clearing ${clearing.actual}, payouts say ${clearing.expected}`]
      : [],
  );

  const unclaimed = await rows<{ id: string }>(
    db,
    sql`select p.id from payments p
        where p.status = 'succeeded' and p.honoured_at is null
          and not exists (select 1 from refunds r where r.payment_id = p.id and r.status in ('pending', 'succeeded'))`,
  );
  check(
    'money that made no deal is being refunded',
    unclaimed.map((p) => `payment ${p.id} succeeded without a deal and has no refund under way`),
  );

  const dealParts = await rows<{ id: string; state: string; amount: string; parts: string }>(
    db,
    sql`select d.id, d.state, d.amount_cents as amount,
          coalesce(d.engineer_cents, 0) + coalesce(d.platform_fee_cents, 0) + coalesce(d.client_refund_cents, 0) as parts
        from deals d
        where d.state in ('released', 'refunded', 'split')
          and coalesce(d.engineer_cents, 0) + coalesce(d.platform_fee_cents, 0) + coalesce(d.client_refund_cents, 0) <> d.amount_cents`,
  );
  check(
    "each finished deal's parts (engineer, platform fee, client refund) add up to its payment",
    dealParts.map((d) => `deal ${d.id} (${d.state}): parts ${d.parts} for ${d.amount}`),
  );

  const [totals] = await rows<{ transactions: string; escrow: string; platform: string; wallets: string }>(
    db,
    sql`select (select count(*) from ledger_transactions) as transactions,
          coalesce(sum(e.amount_cents) filter (where a.kind = 'escrow'), 0) as escrow,
          coalesce(sum(e.amount_cents) filter (where a.kind = 'platform_revenue'), 0) as platform,
          coalesce(sum(e.amount_cents) filter (where a.kind = 'engineer_wallet'), 0) as wallets
        from ledger_entries e join ledger_accounts a on a.id = e.account_id`,
  );
  return {
    ok: checks.every((c) => c.ok),
    checks,
    totals: {
      transactions: cents(totals?.transactions),
      escrowCents: cents(totals?.escrow),
      platformRevenueCents: cents(totals?.platform),
      walletsCents: cents(totals?.wallets),
    },
  };
}

/** The report as text, one line per check. */
export function formatLedgerReport(report: LedgerReport): string {
  const lines = report.checks.flatMap((c) => [
    `${c.ok ? 'ok  ' : 'FAIL'} ${c.name}`,
    ...c.problems.slice(0, 20).map((p) => `       ${p}`),
    ...(c.problems.length > 20 ? [`       ... and ${c.problems.length - 20} more`] : []),
  ]);
  const t = report.totals;
  lines.push(
    '',
    `${t.transactions} transactions; in escrow ${centsToDecimal(t.escrowCents)}, platform revenue ${centsToDecimal(t.platformRevenueCents)}, engineers' wallets ${centsToDecimal(t.walletsCents)} (USD)`,
    report.ok ? 'Every ledger invariant holds.' : 'Some ledger invariants do not hold.',
  );
  return lines.join('\n');
}
