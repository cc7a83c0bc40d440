// What the documents read. Every amount comes from the ledger's postings (modules/ledger):
// a statement from the entries of the engineer's wallet account and the other entries of the
// same postings; a receipt from the payment's capture, refund and release postings. The
// payment, project and user rows only name things (titles, names, ids).
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments, projects, refunds, users } from '../../db/schema/index.ts';
import { accounts } from '../ledger/index.ts';
import type { WalletMovement } from './statement-builder.ts';

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** The engineer's wallet balance just before `at`: the sum of its entries posted earlier. */
export async function walletBalanceBefore(db: DbOrTx, engineerId: string, at: Date): Promise<number> {
  const [row] = await rows<{ cents: string }>(
    db,
    sql`select coalesce(sum(e.amount_cents), 0) as cents
        from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where a.code = ${accounts.wallet(engineerId).code} and e.created_at < ${at.toISOString()}`,
  );
  return Number(row?.cents ?? 0);
}

/** The postings that moved the engineer's wallet in [from, to), oldest first. */
export async function walletMovements(
  db: DbOrTx,
  engineerId: string,
  from: Date,
  to: Date,
): Promise<WalletMovement[]> {
  const found = await rows<{
    id: string;
    kind: WalletMovement['kind'];
    at: string | Date;
    wallet: string;
    escrow_out: string;
    platform: string;
    payment_id: string | null;
    title: string | null;
    payout_id: string | null;
  }>(
    db,
    sql`select t.id, t.kind, e.created_at as at, e.amount_cents as wallet,
          coalesce((select -sum(x.amount_cents) from ledger_entries x join ledger_accounts xa on xa.id = x.account_id
                    where x.transaction_id = t.id and xa.kind = 'escrow'), 0) as escrow_out,
          coalesce((select sum(x.amount_cents) from ledger_entries x join ledger_accounts xa on xa.id = x.account_id
                    where x.transaction_id = t.id and xa.kind = 'platform_revenue'), 0) as platform,
          t.payment_id, pr.title, o.id as payout_id
        from ledger_accounts a
        join ledger_entries e on e.account_id = a.id
        join ledger_transactions t on t.id = e.transaction_id
        left join payments p on p.id = t.payment_id
        left join projects pr on pr.id = p.project_id
        left join payouts o on o.payment_id = t.payment_id
        where a.code = ${accounts.wallet(engineerId).code}
          and e.created_at >= ${from.toISOString()} and e.created_at < ${to.toISOString()}
        order by e.created_at, e.id`,
  );
  return found.map((r) => ({
    transactionId: r.id,
    kind: r.kind,
    at: iso(r.at),
    walletCents: Number(r.wallet),
    escrowOutCents: Number(r.escrow_out),
    platformCents: Number(r.platform),
    paymentId: r.payment_id,
    projectTitle: r.title,
    payoutId: r.kind === 'release' ? null : r.payout_id,
  }));
}

/** The payment a receipt is for, with the names it prints (no amounts: those are the ledger's). */
export async function paymentParties(db: DbOrTx, paymentId: string) {
  const client = users;
  const [row] = await db
    .select({
      id: payments.id,
      customerId: payments.customerId,
      engineerId: payments.engineerId,
      currency: payments.currency,
      providerReference: payments.paymentIntentId,
      projectId: projects.id,
      projectTitle: projects.title,
      clientName: client.fullName,
      clientEmail: client.email,
    })
    .from(payments)
    .innerJoin(projects, eq(projects.id, payments.projectId))
    .innerJoin(client, eq(client.id, payments.customerId))
    .where(eq(payments.id, paymentId));
  if (!row) return null;
  const [engineer] = await db
    .select({ name: users.fullName })
    .from(users)
    .where(eq(users.id, row.engineerId));
  return { ...row, engineerName: engineer?.name ?? '' };
}

export type PaymentPostings = {
  /** The capture: into the project's escrow. */
  capture: { at: string; cents: number } | null;
  /** The refund: back to the client's funding account. */
  refund: { at: string; cents: number } | null;
  /** The release: out of escrow, the platform's fee and the engineer's part. */
  release: { at: string; grossCents: number; feeCents: number; engineerCents: number } | null;
};

/** The payment's three postings, read from their entries. */
export async function paymentPostings(db: DbOrTx, paymentId: string): Promise<PaymentPostings> {
  const found = await rows<{
    kind: string;
    at: string | Date;
    escrow: string;
    client: string;
    platform: string;
    wallet: string;
  }>(
    db,
    sql`select t.kind, t.created_at as at,
          coalesce(sum(e.amount_cents) filter (where a.kind = 'escrow'), 0) as escrow,
          coalesce(sum(e.amount_cents) filter (where a.kind = 'client_funding'), 0) as client,
          coalesce(sum(e.amount_cents) filter (where a.kind = 'platform_revenue'), 0) as platform,
          coalesce(sum(e.amount_cents) filter (where a.kind = 'engineer_wallet'), 0) as wallet
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id
        where t.source_key in (${`capture:${paymentId}`}, ${`refund:${paymentId}`}, ${`release:${paymentId}`})
        group by t.id, t.kind, t.created_at`,
  );
  const of = (kind: string) => found.find((r) => r.kind === kind);
  const capture = of('capture');
  const refund = of('refund');
  const release = of('release');
  return {
    capture: capture ? { at: iso(capture.at), cents: Number(capture.escrow) } : null,
    refund: refund ? { at: iso(refund.at), cents: Number(refund.client) } : null,
    release: release
      ? {
          at: iso(release.at),
          grossCents: -Number(release.escrow),
          feeCents: Number(release.platform),
          engineerCents: Number(release.wallet),
        }
      : null,
  };
}

/** Why the payment's money went back (the succeeded refund), for the refund receipt. */
export async function succeededRefund(db: DbOrTx, paymentId: string) {
  const [row] = await db
    .select({ id: refunds.id, reason: refunds.reason, providerRefundId: refunds.providerRefundId })
    .from(refunds)
    .where(sql`${refunds.paymentId} = ${paymentId} and ${refunds.status} = 'succeeded'`);
  return row ?? null;
}

/** The engineer a statement is for (null when the id is no engineer's). */
export async function engineerOf(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.fullName, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return row && row.role === 'engineer' ? { id: row.id, name: row.name, email: row.email } : null;
}
