// The wallet's earnings chart: per month, what was paid out and what is still in the wallet,
// stacked, with the running total as a line. A table of the same numbers follows for screen
// readers; the drawing is one image to them, named by a summary.
import { formatCents } from '@app/shared';
import { MoneyChart } from '../../components/charts/MoneyChart';
import type { EarningsMonth } from './walletFilters';

export function EarningsChart({ months }: { months: EarningsMonth[] }) {
  return (
    <figure>
      <MoneyChart
        title="Earnings per month"
        heightClass="h-64"
        data={months}
        stacked
        bars={[
          { value: (m) => m.paid, name: 'Paid out', color: '#16a34a' },
          { value: (m) => m.waiting, name: 'In your wallet', color: '#eab308' },
        ]}
        line={{ value: (m) => m.cumulative, name: 'Total earned', color: '#1d4ed8' }}
      />
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
