// The finance tab's chart (recharts, loaded lazily): per month, money paid in, refunded,
// kept as platform fees and paid out to engineers. The table beside it carries the same
// numbers for everyone, so the chart is hidden from screen readers.
import type { FinanceSummaryDto } from '@app/shared';
import { Bar } from 'recharts';
import { MoneyChart } from '../../components/charts/MoneyChart';
import { formatMonth } from '../../lib/format';

export default function FinanceChart({ months }: { months: FinanceSummaryDto['months'] }) {
  const data = months.map((m) => ({ ...m, label: formatMonth(m.month, { year: false }) }));
  return (
    <MoneyChart
      kind="bar"
      heightClass="h-72"
      data={data}
      tallest={Math.max(0, ...months.map((m) => Math.max(m.paid_in, m.refunded, m.revenue, m.paid_out)))}
    >
      <Bar dataKey="paid_in" name="Paid in" fill="#1d4ed8" radius={[3, 3, 0, 0]} />
      <Bar dataKey="refunded" name="Refunded" fill="#dc2626" radius={[3, 3, 0, 0]} />
      <Bar dataKey="revenue" name="Platform fees" fill="#16a34a" radius={[3, 3, 0, 0]} />
      <Bar dataKey="paid_out" name="Paid out" fill="#eab308" radius={[3, 3, 0, 0]} />
    </MoneyChart>
  );
}
