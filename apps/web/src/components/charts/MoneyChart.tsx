// The frame every money chart shares (recharts; import it only from a lazily loaded module,
// so recharts stays out of the first download): months along the bottom, round dollar ticks
// up the side covering the tallest figure (moneyTicks), amounts in the tooltip, a legend.
// The drawing is hidden from screen readers and the keyboard (no accessibility layer): each
// chart's page carries the same numbers in a table.
import { formatCents, moneyTicks } from '@app/shared';
import type { ReactNode } from 'react';
import {
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export function MoneyChart<Row extends { label: string }>({
  kind,
  heightClass,
  data,
  tallest,
  children,
}: {
  /** Bars only, or bars with lines. */
  kind: 'bar' | 'composed';
  /** The drawing's height as a Tailwind class ('h-64'). */
  heightClass: string;
  /** One row a month, `label` naming it along the bottom. */
  data: Row[];
  /** Cents: the largest figure drawn, which the axis must reach. */
  tallest: number;
  /** The series: recharts Bar and Line elements. */
  children: ReactNode;
}) {
  const Chart = kind === 'bar' ? BarChart : ComposedChart;
  const axis = moneyTicks(tallest);
  return (
    <div className={`${heightClass} w-full`} aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <Chart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
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
          {children}
        </Chart>
      </ResponsiveContainer>
    </div>
  );
}
