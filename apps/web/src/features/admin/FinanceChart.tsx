// The finance tab's chart: per month, money paid in, refunded, kept as platform fees and paid
// out to engineers. The table below it carries the same numbers for everyone.
import type { FinanceSummaryDto } from '@app/shared';
import { MoneyChart } from '../../components/charts/MoneyChart';
import { formatMonth } from '../../lib/format';

type Month = FinanceSummaryDto['months'][number];

export function FinanceChart({ months }: { months: FinanceSummaryDto['months'] }) {
  return (
    <MoneyChart
      title="Money per month"
      heightClass="h-72"
      data={months.map((m) => ({ ...m, label: formatMonth(m.month, { year: false }) }))}
      bars={[
        { value: (m: Month) => m.paid_in, name: 'Paid in', color: '#1d4ed8' },
        { value: (m: Month) => m.refunded, name: 'Refunded', color: '#dc2626' },
        { value: (m: Month) => m.revenue, name: 'Platform fees', color: '#16a34a' },
        { value: (m: Month) => m.paid_out, name: 'Paid out', color: '#eab308' },
      ]}
    />
  );
}
