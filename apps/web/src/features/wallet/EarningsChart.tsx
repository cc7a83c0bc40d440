// The wallet's earnings chart (recharts; loaded lazily with the Wallet tab): per month, what
// was paid out and what is still in the wallet, stacked, with the running total as a line.
// A table of the same numbers follows for screen readers; the drawing itself is hidden from
// them and from the keyboard (no accessibility layer).
import { formatCents } from '@app/shared';
import { Bar, Line } from 'recharts';
import { MoneyChart } from '../../components/charts/MoneyChart';
import type { EarningsMonth } from './walletFilters';

export default function EarningsChart({ months }: { months: EarningsMonth[] }) {
  return (
    <figure>
      <MoneyChart
        kind="composed"
        heightClass="h-64"
        data={months}
        tallest={Math.max(0, ...months.map((m) => Math.max(m.paid + m.waiting, m.cumulative)))}
      >
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
      </MoneyChart>
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
