// An engineer's earnings statement from the movements of their wallet in the ledger: each
// release (the gross that left the project's escrow, the platform's fee, the net that reached
// the wallet, all three read from the one release posting), each payout (money leaving the
// wallet for the payout account) and each refused payout (money back), with the totals and the
// wallet's balance before and after. Pure: the ledger read is statements.queries.ts.
import type { StatementPeriod } from '@app/shared';

/** One ledger posting that moved the engineer's wallet, as statements.queries.ts reads it. */
export type WalletMovement = {
  transactionId: string;
  kind: 'release' | 'payout' | 'payout_reversal';
  /** When it was posted (ISO). */
  at: string;
  /** The wallet's entry: + into the wallet (a release's net, a payout back), - out (a payout). */
  walletCents: number;
  /** A release's other entries: what left the escrow, what the platform took. 0 otherwise. */
  escrowOutCents: number;
  platformCents: number;
  paymentId: string | null;
  projectTitle: string | null;
  payoutId: string | null;
};

export type StatementRelease = {
  at: string;
  paymentId: string | null;
  projectTitle: string;
  grossCents: number;
  feeCents: number;
  netCents: number;
};

export type StatementPayout = {
  at: string;
  payoutId: string | null;
  projectTitle: string;
  /** Sent: out of the wallet; returned: a refused payout back in it. */
  kind: 'sent' | 'returned';
  /** What left the wallet: positive when sent, negative when it came back. */
  paidOutCents: number;
};

export type StatementLine =
  | ({ type: 'release' } & StatementRelease & { balanceCents: number })
  | ({ type: 'payout' } & StatementPayout & { balanceCents: number });

export type Statement = {
  engineer: { id: string; name: string; email: string };
  period: { key: string; kind: 'month' | 'year'; label: string; from: string; to: string };
  generatedAt: string;
  /** Every movement in order, with the wallet's balance after it. */
  lines: StatementLine[];
  releases: StatementRelease[];
  payouts: StatementPayout[];
  totals: {
    grossCents: number;
    feeCents: number;
    netCents: number;
    /** Sent to the payout account, less what came back. */
    paidOutCents: number;
    sentCents: number;
    returnedCents: number;
    openingCents: number;
    closingCents: number;
  };
};

export class LedgerShapeError extends Error {}

export function buildStatement(input: {
  engineer: Statement['engineer'];
  period: StatementPeriod;
  /** The wallet's balance at the period's start: the sum of its entries before it. */
  openingCents: number;
  /** The wallet's movements inside the period, oldest first. */
  movements: readonly WalletMovement[];
  now: Date;
}): Statement {
  const lines: StatementLine[] = [];
  const releases: StatementRelease[] = [];
  const payouts: StatementPayout[] = [];
  let balance = input.openingCents;
  let gross = 0;
  let fee = 0;
  let net = 0;
  let sent = 0;
  let returned = 0;
  for (const m of input.movements) {
    balance += m.walletCents;
    const projectTitle = m.projectTitle ?? '';
    if (m.kind === 'release') {
      // A balanced release posting: what left the escrow is the wallet's part plus the fee.
      if (m.escrowOutCents !== m.walletCents + m.platformCents)
        throw new LedgerShapeError(`release ${m.transactionId} does not balance`);
      const r = {
        at: m.at,
        paymentId: m.paymentId,
        projectTitle,
        grossCents: m.escrowOutCents,
        feeCents: m.platformCents,
        netCents: m.walletCents,
      };
      releases.push(r);
      lines.push({ type: 'release', ...r, balanceCents: balance });
      gross += r.grossCents;
      fee += r.feeCents;
      net += r.netCents;
    } else {
      const p: StatementPayout = {
        at: m.at,
        payoutId: m.payoutId,
        projectTitle,
        kind: m.kind === 'payout' ? 'sent' : 'returned',
        paidOutCents: -m.walletCents,
      };
      payouts.push(p);
      lines.push({ type: 'payout', ...p, balanceCents: balance });
      if (p.kind === 'sent') sent += p.paidOutCents;
      else returned -= p.paidOutCents;
    }
  }
  return {
    engineer: input.engineer,
    period: {
      key: input.period.key,
      kind: input.period.kind,
      label: input.period.label,
      from: input.period.from.toISOString(),
      to: input.period.to.toISOString(),
    },
    generatedAt: input.now.toISOString(),
    lines,
    releases,
    payouts,
    totals: {
      grossCents: gross,
      feeCents: fee,
      netCents: net,
      paidOutCents: sent - returned,
      sentCents: sent,
      returnedCents: returned,
      openingCents: input.openingCents,
      closingCents: balance,
    },
  };
}
