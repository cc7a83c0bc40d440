// The wallet's earnings chart (recharts; loaded lazily with the Wallet tab): per month, what
// was paid out and what is still in the wallet, stacked, with the running total as a line.
// A table of the same numbers follows for screen readers; the drawing itself is hidden from
// them and from the keyboard (no accessibility layer).
import { formatCents, moneyTicks } from '@app/shared';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { EarningsMonth } from './walletFilters';

export default function EarningsChart({ months }: { months: EarningsMonth[] }) {
  // The axis from round ticks covering the tallest bar and the running total (moneyTicks).
  const axis = moneyTicks(Math.max(0, ...months.map((m) => Math.max(m.paid + m.waiting, m.cumulative))));
  return (
    <figure>
      <div className="h-64 w-full" aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            accessibilityLayer={false}
            data={months}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          >
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
            <Bar dataKey="paid" name="Paid out" stackId="e" fill="#16a34a" radius={[0, 0, 0, 0]} />
            <Bar dataKey="waiting" name="In your wallet" stackId="e" fill="#eab308" radius={[4, 4, 0, 0]} />
            <Line
              dataKey="cumulative"
              name="Total earned"
              type="linear"
              stroke="#1d4ed8"
              strokeWidth={2}
              dot={{ r: 3 }}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">
        <table>
          <caption>Earnings per month</caption>
          <thead>
            <tr>
              <th>Month</th>
              <th>Paid out</th>
              <th>In your wallet</th>
              <th>Total earned</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <td>{m.label}</td>
                <td>{formatCents(m.paid)}</td>
                <td>{formatCents(m.waiting)}</td>
                <td>{formatCents(m.cumulative)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
