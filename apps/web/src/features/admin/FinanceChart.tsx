// The finance tab's chart (recharts, loaded lazily): per month, money paid in, refunded,
// kept as platform fees and paid out to engineers. The table beside it carries the same
// numbers for everyone, so the chart is hidden from screen readers.
import type { FinanceSummaryDto } from '@app/shared';
import { formatCents, moneyTicks } from '@app/shared';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMonth } from '../../lib/format';

export default function FinanceChart({ months }: { months: FinanceSummaryDto['months'] }) {
  const data = months.map((m) => ({ ...m, label: formatMonth(m.month, { year: false }) }));
  // Round ticks covering the tallest bar (moneyTicks), not recharts' own divisions.
  const axis = moneyTicks(
    Math.max(0, ...months.map((m) => Math.max(m.paid_in, m.refunded, m.revenue, m.paid_out))),
  );
  return (
    <div className="h-72 w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} tickLine={false} />
          <YAxis
            domain={[0, axis.top]}
            ticks={axis.ticks}
            interval={0}
            tickFormatter={(v: number) => axis.labels[axis.ticks.indexOf(v)] ?? ''}
            tick={{ fontSize: 12, fill: '#475569' }}
            tickLine={false}
            axisLine={false}
            width={56}
          />
          <Tooltip formatter={(v) => formatCents(Number(v))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="paid_in" name="Paid in" fill="#1d4ed8" radius={[3, 3, 0, 0]} />
          <Bar dataKey="refunded" name="Refunded" fill="#dc2626" radius={[3, 3, 0, 0]} />
          <Bar dataKey="revenue" name="Platform fees" fill="#16a34a" radius={[3, 3, 0, 0]} />
          <Bar dataKey="paid_out" name="Paid out" fill="#eab308" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
