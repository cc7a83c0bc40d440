// The engineer dashboard's 'Wallet' (docs/PRODUCT.md#screens, #data, #limits): the balance (what the wallet holds,
// what the next Sunday run pays, what was paid out), a chart of earnings over time, and the
// payments released to the engineer filtered by status and by from/to dates; the earnings
// statement (features/statements) of a month or a year.
import {
  formatCents,
  PAYOUT_MESSAGES,
  payoutSentence,
  WALLET_TRANSACTION_STATUSES,
  type WalletDto,
  type WalletTransactionDto,
} from '@app/shared';
import { AlertTriangle, CalendarClock, Landmark, Wallet } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, Panel } from '../../components/dashboard/DashboardShell';
import { FilterPills } from '../../components/FilterPills';
import { ListState, TabLoading } from '../../components/ListState';
import { requestErrorMessage } from '../../lib/apiErrors';
import { formatDate } from '../../lib/format';
import { StatementPanel } from '../statements';
import { useWalletQuery, useWalletTransactionsQuery } from './api';
import { EarningsChart } from './EarningsChart';
import { PayoutStatusBadge, WALLET_FILTER_LABELS } from './StatusBadges';
import { useLiveWallet } from './useLiveWallet';
import { earningsByMonth, filterTransactions, type WalletFilter, walletFilterError } from './walletFilters';

const STATUS_OPTIONS = [
  { value: 'all' as const, label: 'All' },
  ...WALLET_TRANSACTION_STATUSES.map((s) => ({ value: s, label: WALLET_FILTER_LABELS[s] })),
];

export function WalletTab({ userId }: { userId: string }) {
  useLiveWallet();
  const wallet = useWalletQuery(userId);
  const transactions = useWalletTransactionsQuery(userId);
  const [filter, setFilter] = useState<WalletFilter>({ status: 'all', from: '', to: '' });
  const ids = useId();
  const dateError = walletFilterError(filter);
  const all = transactions.data ?? [];
  const list = dateError ? [] : filterTransactions(all, filter);

  // The balance, the chart and the list show together: arriving one by one, each pushed the
  // panels below it down the screen (a layout shift).
  if (wallet.isLoading || transactions.isLoading) return <TabLoading text="Loading your wallet..." />;
  return (
    <div className="space-y-6">
      <Panel title="Wallet" description="Your balance and the payments released to you.">
        {wallet.error ? (
          <p role="alert" className="alert-error">
            {requestErrorMessage(wallet.error, 'Could not load your wallet.')}
          </p>
        ) : wallet.data ? (
          <Balance wallet={wallet.data} />
        ) : null}
      </Panel>

      <StatementPanel engineerId={userId} firstYear={firstYear(all)} />

      <Panel title="Earnings over time" description="What you earned (your 80%) each month, by release date.">
        {all.length ? (
          <EarningsChart months={earningsByMonth(all)} />
        ) : (
          <p className="text-sm text-slate-600">Your earnings show here once a client accepts your work.</p>
        )}
      </Panel>

      <Panel title="Transactions" description="Each payment released to your wallet and its payout.">
        <FilterPills
          label="Transaction status"
          options={STATUS_OPTIONS}
          value={filter.status}
          onChange={(status) => setFilter((f) => ({ ...f, status }))}
        />
        <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-md">
          <div>
            <label htmlFor={`${ids}-from`} className="label">
              From
            </label>
            <input
              id={`${ids}-from`}
              type="date"
              className="input"
              value={filter.from}
              max={filter.to || undefined}
              aria-invalid={!!dateError || undefined}
              onChange={(e) => setFilter((f) => ({ ...f, from: e.target.value }))}
            />
          </div>
          <div>
            <label htmlFor={`${ids}-to`} className="label">
              To
            </label>
            <input
              id={`${ids}-to`}
              type="date"
              className="input"
              value={filter.to}
              min={filter.from || undefined}
              aria-invalid={!!dateError || undefined}
              aria-describedby={dateError ? `${ids}-dates` : undefined}
              onChange={(e) => setFilter((f) => ({ ...f, to: e.target.value }))}
            />
          </div>
        </div>
        {dateError && (
          <p id={`${ids}-dates`} role="alert" className="field-error mb-4">
            {dateError}
          </p>
        )}
        <ListState
          isLoading={false}
          error={transactions.error}
          isEmpty={list.length === 0}
          loadingText="Loading transactions..."
          errorText="Could not load your transactions."
          empty={<EmptyState icon={Wallet}>{PAYOUT_MESSAGES.noTransactions}</EmptyState>}
        >
          <ul className="divide-y divide-slate-200" aria-label="Wallet transactions">
            {list.map((t) => (
              <li key={t.id} className="py-4 first:pt-0 last:pb-0">
                <TransactionRow t={t} />
              </li>
            ))}
          </ul>
        </ListState>
      </Panel>
    </div>
  );
}

/** The UTC year of the engineer's first release: the statements' year picker starts there. */
function firstYear(list: WalletTransactionDto[]): number | undefined {
  const first = list.reduce<string | null>(
    (min, t) => (!min || t.released_at < min ? t.released_at : min),
    null,
  );
  return first ? new Date(first).getUTCFullYear() : undefined;
}

function Balance({ wallet: w }: { wallet: WalletDto }) {
  const held = w.amount - w.on_the_way;
  const next = w.next_payout_date
    ? `${formatCents(w.next_payout_amount)} on Sunday, ${formatDate(w.next_payout_date)}`
    : null;
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Stat label="Available balance" value={formatCents(w.amount)} hint="Earned and not yet paid out" />
        <Stat
          label="Next payout"
          value={
            w.next_payout_date ? formatCents(w.next_payout_amount) : held > 0 ? 'Not planned yet' : '$0.00'
          }
          hint={
            w.next_payout_date
              ? `Sunday, ${formatDate(w.next_payout_date)}`
              : held > 0
                ? 'See why below'
                : 'Nothing waiting to be paid'
          }
        />
        <Stat label="Paid out" value={formatCents(w.paid_out)} hint="Sent to your payout account" />
      </dl>
      <ul className="mt-4 space-y-2 text-sm text-slate-700">
        <li className="flex items-start gap-2">
          <CalendarClock className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          <span>
            {next ? (
              <>
                Next payout: <strong>{next}</strong>.{' '}
              </>
            ) : held > 0 ? (
              <>No payout is planned yet for the {formatCents(held)} in your wallet. </>
            ) : null}
            Payments released in one week (Monday to Sunday) are paid the Sunday after, once your payout
            account can receive payouts and at least {formatCents(w.minimum_payout)} is due. Each payment
            below says when it is paid.
          </span>
        </li>
        {w.on_the_way > 0 && (
          <li className="flex items-start gap-2">
            <Landmark className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
            <span>{formatCents(w.on_the_way)} is on its way to your payout account.</span>
          </li>
        )}
        {!w.payouts_enabled && (
          <li className="flex items-start gap-2 text-amber-800">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>
              Your payout account cannot receive payouts yet: finish it in{' '}
              <Link to="?tab=stripe" className="font-medium underline">
                Stripe Wallet
              </Link>{' '}
              so your balance can be paid.
            </span>
          </li>
        )}
      </ul>
    </>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      <dd className="mt-0.5 text-xs text-slate-600">{hint}</dd>
    </div>
  );
}

function TransactionRow({ t }: { t: WalletTransactionDto }) {
  const when = payoutSentence({ ...t, status: t.payout_status }, (d) => formatDate(d));
  return (
    <article
      aria-label={`Transaction for ${t.project_title}`}
      className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0">
        <Link
          to={`/project_details/${t.project_id}`}
          className="font-semibold text-brand-700 hover:underline"
        >
          {t.project_title}
        </Link>
        <p className="text-xs text-slate-600">Released {formatDate(t.released_at)}</p>
        <p className="text-xs text-slate-700" data-testid="payout-when">
          {when}
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          Client paid {formatCents(t.gross_cents)} · platform fee {formatCents(t.fee_cents)}
        </p>
      </div>
      <div className="flex items-center gap-3 sm:justify-end">
        <span className="text-base font-semibold text-slate-900">{formatCents(t.amount)}</span>
        <PayoutStatusBadge status={t.payout_status} />
      </div>
    </article>
  );
}
