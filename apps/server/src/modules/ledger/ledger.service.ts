// The double-entry ledger (docs/PRODUCT.md#money): the one way money moves. A posting is
// one balanced transaction identified by what caused it (its source key), so posting the
// same movement twice is a no-op. Accounts are created on first use. Balances are sums
// of entries. The database enforces balance and immutability too (migration 0010).
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type LedgerAccountKind,
  type LedgerTransactionRow,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
} from '../../db/schema/index.ts';

export type LedgerAccountRef = { code: string; kind: LedgerAccountKind; ownerId: string | null };

/** The accounts money moves between. */
export const accounts = {
  /** What a client has paid in: negative by what came from their card. */
  client: (userId: string): LedgerAccountRef => ({
    code: `client:${userId}`,
    kind: 'client_funding',
    ownerId: userId,
  }),
  escrow: (projectId: string): LedgerAccountRef => ({
    code: `escrow:${projectId}`,
    kind: 'escrow',
    ownerId: projectId,
  }),
  wallet: (engineerId: string): LedgerAccountRef => ({
    code: `wallet:${engineerId}`,
    kind: 'engineer_wallet',
    ownerId: engineerId,
  }),
  platformRevenue: (): LedgerAccountRef => ({
    code: 'platform:revenue',
    kind: 'platform_revenue',
    ownerId: null,
  }),
  payoutsClearing: (): LedgerAccountRef => ({
    code: 'payouts:clearing',
    kind: 'payouts_clearing',
    ownerId: null,
  }),
};

export type Posting = {
  /** What caused the movement, e.g. `capture:{paymentId}`; a second posting with it does nothing. */
  sourceKey: string;
  kind: LedgerTransactionRow['kind'];
  paymentId?: string | null;
  memo: string;
  entries: Array<{ account: LedgerAccountRef; amountCents: number }>;
  /** When it happened, if not now: only the demo seed dates the history it writes. */
  at?: Date;
};

export class UnbalancedPostingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnbalancedPostingError';
  }
}

/** Checks a posting before it reaches the database (which checks it again). */
export function assertBalanced(entries: Posting['entries']): void {
  if (entries.length < 2) throw new UnbalancedPostingError('A posting needs at least two entries.');
  let total = 0;
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amountCents) || e.amountCents === 0)
      throw new UnbalancedPostingError(`Entry amounts must be non-zero whole cents (got ${e.amountCents}).`);
    total += e.amountCents;
  }
  if (total !== 0) throw new UnbalancedPostingError(`Entries sum to ${total}, not zero.`);
}

async function accountIds(tx: DbOrTx, refs: LedgerAccountRef[]): Promise<Map<string, string>> {
  const unique = [...new Map(refs.map((r) => [r.code, r])).values()];
  await tx
    .insert(ledgerAccounts)
    .values(unique.map((r) => ({ code: r.code, kind: r.kind, ownerId: r.ownerId })))
    .onConflictDoNothing({ target: ledgerAccounts.code });
  const rows = await tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.code,
        unique.map((r) => r.code),
      ),
    );
  return new Map(rows.map((r) => [r.code, r.id]));
}

/**
 * Posts a movement inside the caller's transaction. Answers whether it was posted now
 * (false: the same source key was posted before, so nothing changed).
 */
export async function post(tx: DbOrTx, posting: Posting): Promise<boolean> {
  assertBalanced(posting.entries);
  const [txRow] = await tx
    .insert(ledgerTransactions)
    .values({
      sourceKey: posting.sourceKey,
      kind: posting.kind,
      paymentId: posting.paymentId ?? null,
      memo: posting.memo,
      ...(posting.at ? { createdAt: posting.at } : {}),
    })
    .onConflictDoNothing({ target: ledgerTransactions.sourceKey })
    .returning({ id: ledgerTransactions.id });
  if (!txRow) return false;
  const ids = await accountIds(
    tx,
    posting.entries.map((e) => e.account),
  );
  await tx.insert(ledgerEntries).values(
    posting.entries.map((e) => ({
      transactionId: txRow.id,
      accountId: ids.get(e.account.code) as string,
      amountCents: e.amountCents,
      ...(posting.at ? { createdAt: posting.at } : {}),
    })),
  );
  return true;
}

/** Moves `amountCents` from one account to another as one posting. */
export function transfer(
  from: LedgerAccountRef,
  to: LedgerAccountRef,
  amountCents: number,
): Posting['entries'] {
  return [
    { account: from, amountCents: -amountCents },
    { account: to, amountCents },
  ];
}

/** The balance of an account in cents (0 for an account never used). */
export async function balanceOf(db: DbOrTx, account: LedgerAccountRef): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerAccounts.code, account.code));
  return Number(row?.total ?? 0);
}
