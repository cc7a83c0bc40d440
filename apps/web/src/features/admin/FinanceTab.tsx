// The admin dashboard's 'Finance' (what staff need daily): money held in escrow,
// the platform's revenue (its 20%), what engineers have earned and not yet received, what
// the next Sunday run pays, failed payouts, and the last twelve months, all from the ledger.
import { type FinanceSummaryDto, formatCents } from '@app/shared';
import { AlertTriangle, Banknote, CalendarClock, Landmark, PiggyBank, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Panel } from '../../components/dashboard/DashboardShell';
import { ListState } from '../../components/ListState';
import { formatDate, formatMonth } from '../../lib/format';
import { FinanceChart } from './FinanceChart';
import { useFinanceSummaryQuery } from './financeApi';

export function FinanceTab() {
  const { data, isLoading, error } = useFinanceSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <Panel title="Finance" description="Money on the platform today, from the ledger.">
      <ListState
        isLoading={isLoading}
        error={error}
        isEmpty={!data}
        loadingText="Loading finance summary..."
        errorText="Could not load the finance summary."
        empty={null}
      >
        {data && <Summary f={data} />}
      </ListState>
    </Panel>
  );
}

function Summary({ f }: { f: FinanceSummaryDto }) {
  const months = sinceFirstActivity([...f.months].sort((a, b) => a.month.localeCompare(b.month)));
  return (
    <div className="space-y-6">
      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <Stat icon={PiggyBank} label="Held in escrow" value={formatCents(f.escrow)}>
          Paid by clients, waiting for accepted work or a decision
        </Stat>
        <Stat icon={Banknote} label="Platform revenue" value={formatCents(f.platform_revenue)}>
          The platform's 20% of released payments
        </Stat>
        <Stat icon={Wallet} label="Engineers' wallets" value={formatCents(f.wallets)}>
          Earned by engineers, not yet sent
        </Stat>
        <Stat icon={CalendarClock} label="Due on the next payout" value={formatCents(f.due_next_run)}>
          {f.due_next_run_count} {f.due_next_run_count === 1 ? 'payout' : 'payouts'} on Sunday,{' '}
          {formatDate(f.next_run_date)}
        </Stat>
        <Stat
          icon={f.failed_payouts_count ? AlertTriangle : Landmark}
          label="Failed payouts"
          value={formatCents(f.failed_payouts)}
          alert={f.failed_payouts_count > 0}
        >
          {f.failed_payouts_count} {f.failed_payouts_count === 1 ? 'payout' : 'payouts'} to retry on the next
          run
        </Stat>
      </dl>

      <section aria-labelledby="finance-months">
        <h3 id="finance-months" className="mb-2 text-base font-semibold text-slate-900">
          Month by month
        </h3>
        <FinanceChart months={months} />
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2 pr-3 font-medium">Month</th>
                <th className="py-2 pr-3 text-right font-medium">Paid in</th>
                <th className="py-2 pr-3 text-right font-medium">Refunded</th>
                <th className="py-2 pr-3 text-right font-medium">Platform fees</th>
                <th className="py-2 text-right font-medium">Paid out</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {[...months].reverse().map((m) => (
                <tr key={m.month}>
                  <td className="py-2 pr-3">{formatMonth(m.month, { style: 'long' })}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatCents(m.paid_in)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatCents(m.refunded)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatCents(m.revenue)}</td>
                  <td className="py-2 text-right tabular-nums">{formatCents(m.paid_out)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

/** The months from the first with any money moving (at least the last three): a young site's year is mostly empty. */
export function sinceFirstActivity<M extends FinanceSummaryDto['months'][number]>(
  months: M[],
  atLeast = 3,
): M[] {
  const first = months.findIndex((m) => m.paid_in || m.refunded || m.revenue || m.paid_out);
  const start = first === -1 ? months.length - atLeast : Math.min(first, months.length - atLeast);
  return months.slice(Math.max(0, start));
}

function Stat({
  icon: Icon,
  label,
  value,
  alert = false,
  children,
}: {
  icon: typeof Wallet;
  label: string;
  value: string;
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`rounded-xl border p-4 ${alert ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-slate-50'}`}
    >
      {/* slate-600: slate-500 falls short of 4.5:1 on the alert's red-50 (axe, failed payouts shown). */}
      <dt className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-slate-600">
        <Icon className={`h-4 w-4 ${alert ? 'text-red-600' : 'text-slate-400'}`} aria-hidden />
        {label}
      </dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      <dd className="mt-0.5 text-xs text-slate-600">{children}</dd>
    </div>
  );
}
