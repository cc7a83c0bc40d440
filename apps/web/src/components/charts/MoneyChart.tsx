// The frame every money chart shares, drawn by hand: months along the bottom, round dollar
// ticks up the side covering the tallest figure (moneyTicks), bars (side by side or stacked),
// an optional line, a legend. A charting library cost the Wallet tab over half a second of
// main-thread work on a phone (docs/PERFORMANCE.md#signed-in-pages-hold-still); this is plain
// markup, so it ships with the page that shows it and draws in the first render.
// The plot is an SVG in percentages of its box, so it fills any width without measuring it
// (no second render, nothing moves); the labels are HTML beside and below it. The box is
// exactly `heightClass` tall.
// For screen readers it is one image named by a summary; each chart's page carries the
// numbers in a table.
import { formatCents, moneyTicks } from '@app/shared';

export interface MoneySeries<Row> {
  /** The figure in cents. */
  value: (row: Row) => number;
  /** Its name in the legend and the hover text. */
  name: string;
  /** A CSS colour. */
  color: string;
}

/** Percent of each month's band left empty on either side of its bars, and between bars side by side. */
const BAND_GAP = 10;
const BAR_GAP = 10;

export function MoneyChart<Row extends { label: string }>({
  title,
  heightClass,
  data,
  bars,
  stacked = false,
  line,
}: {
  /** What the chart shows, the start of its accessible name ('Earnings per month'). */
  title: string;
  /** The whole chart's height, legend included, as a Tailwind class ('h-64'). */
  heightClass: string;
  /** One row a month, `label` naming it along the bottom. */
  data: Row[];
  /** The bars of each month, left to right (or bottom to top when stacked). */
  bars: MoneySeries<Row>[];
  /** One bar a month with the series on top of each other. */
  stacked?: boolean;
  /** A figure drawn as a line with a dot each month (a running total). */
  line?: MoneySeries<Row>;
}) {
  const barTop = (row: Row) =>
    stacked ? bars.reduce((sum, b) => sum + b.value(row), 0) : Math.max(0, ...bars.map((b) => b.value(row)));
  const axis = moneyTicks(
    Math.max(0, ...data.map((row) => Math.max(barTop(row), line ? line.value(row) : 0))),
  );
  // Percent of the plot's height from the top, for a figure in cents.
  const y = (cents: number) => 100 - (Math.max(0, cents) / axis.top) * 100;
  const band = 100 / Math.max(1, data.length);
  const x = (i: number) => (i + 0.5) * band;
  const series = line ? [...bars, line] : bars;
  const months = data.length ? `${data[0].label} to ${data[data.length - 1].label}` : 'no months';
  const summary = `${title}, ${months}: ${bars.map((b) => b.name).join(', ')}${stacked ? ' stacked' : ''}${
    line ? `, and ${line.name} as a line` : ''
  }, up to ${axis.labels[axis.labels.length - 1]}`;

  return (
    <div
      role="img"
      aria-label={summary}
      className={`${heightClass} grid w-full grid-cols-[56px_minmax(0,1fr)] grid-rows-[1fr_auto_auto] pt-2 pr-2 text-xs text-slate-600`}
    >
      <div className="relative">
        {axis.ticks.map((t, i) => (
          <span
            key={t}
            data-testid="chart-y-tick"
            className="absolute right-2 translate-y-1/2 leading-none"
            style={{ bottom: `${100 - y(t)}%` }}
          >
            {axis.labels[i]}
          </span>
        ))}
      </div>
      <svg className="h-full w-full overflow-visible" aria-hidden>
        {axis.ticks.map((t) => (
          <line
            key={t}
            x1="0"
            x2="100%"
            y1={`${y(t)}%`}
            y2={`${y(t)}%`}
            stroke={t === 0 ? '#666' : '#e2e8f0'}
            strokeDasharray={t === 0 ? undefined : '3 3'}
          />
        ))}
        {data.map((row, i) => (
          <g key={row.label}>
            <title>{`${row.label}: ${series.map((s) => `${s.name} ${formatCents(s.value(row))}`).join(', ')}`}</title>
            {/* The whole band, so hovering anywhere above a month shows its figures. */}
            <rect x={`${i * band}%`} width={`${band}%`} y="0" height="100%" fill="transparent" />
            <Bars row={row} bars={bars} stacked={stacked} left={i * band} band={band} y={y} />
          </g>
        ))}
        {line &&
          data
            .slice(1)
            .map((row, i) => (
              <line
                key={row.label}
                x1={`${x(i)}%`}
                y1={`${y(line.value(data[i]))}%`}
                x2={`${x(i + 1)}%`}
                y2={`${y(line.value(row))}%`}
                stroke={line.color}
                strokeWidth={2}
              />
            ))}
        {line &&
          data.map((row, i) => (
            <circle
              key={row.label}
              cx={`${x(i)}%`}
              cy={`${y(line.value(row))}%`}
              r={3}
              fill="#fff"
              stroke={line.color}
              strokeWidth={2}
            />
          ))}
      </svg>
      <div className="col-start-2 flex pt-2">
        {data.map((row) => (
          <span key={row.label} className="min-w-0 flex-1 truncate text-center">
            {row.label}
          </span>
        ))}
      </div>
      <ul className="col-span-2 flex flex-wrap justify-center gap-x-4 pt-2">
        {series.map((s) => (
          <li key={s.name} className="flex items-center gap-1">
            <span className="inline-block h-2.5 w-2.5" style={{ backgroundColor: s.color }} />
            {s.name}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One month's bars: side by side across the band, or one bar with the series stacked. */
function Bars<Row>({
  row,
  bars,
  stacked,
  left,
  band,
  y,
}: {
  row: Row;
  bars: MoneySeries<Row>[];
  stacked: boolean;
  left: number;
  band: number;
  y: (cents: number) => number;
}) {
  const inner = band * (1 - (2 * BAND_GAP) / 100);
  const start = left + (band * BAND_GAP) / 100;
  if (stacked) {
    let below = 0;
    return bars.map((b) => {
      const value = b.value(row);
      const rect = (
        <rect
          key={b.name}
          x={`${start}%`}
          width={`${inner}%`}
          y={`${y(below + value)}%`}
          height={`${y(below) - y(below + value)}%`}
          fill={b.color}
        />
      );
      below += value;
      return rect;
    });
  }
  const width = inner / bars.length;
  return bars.map((b, j) => (
    <rect
      key={b.name}
      x={`${start + j * width + (width * BAR_GAP) / 200}%`}
      width={`${(width * (100 - BAR_GAP)) / 100}%`}
      y={`${y(b.value(row))}%`}
      height={`${100 - y(b.value(row))}%`}
      fill={b.color}
    />
  ));
}
