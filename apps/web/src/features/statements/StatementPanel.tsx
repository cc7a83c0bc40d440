// The wallet's 'Earnings statement': a month or a whole year (UTC, as the server cuts them),
// as PDF or CSV, downloaded with the session's token. A refusal shows the server's message.
import {
  MONTH_NAMES,
  STATEMENT_FORMATS,
  type StatementFormat,
  statementFileName,
  statementPath,
  statementYears,
} from '@app/shared';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Panel } from '../../components/dashboard/DashboardShell';
import { PrivateFileLink } from '../../components/PrivateFileLink';

const FORMAT_LABELS: Record<StatementFormat, string> = { pdf: 'PDF', csv: 'CSV (spreadsheet)' };
const WHOLE_YEAR = 'year';

export function StatementPanel({ engineerId, firstYear }: { engineerId: string; firstYear?: number }) {
  const ids = useId();
  const now = new Date();
  const years = statementYears(now, firstYear);
  const [year, setYear] = useState(years[0]);
  const [month, setMonth] = useState<string>(String(now.getUTCMonth() + 1).padStart(2, '0'));
  const [format, setFormat] = useState<StatementFormat>('pdf');
  // Months of the current year that have begun; a past year has all twelve.
  const months = MONTH_NAMES.map((name, i) => ({ value: String(i + 1).padStart(2, '0'), name })).filter(
    (_, i) => year < now.getUTCFullYear() || i <= now.getUTCMonth(),
  );
  const chosenMonth = month === WHOLE_YEAR || months.some((m) => m.value === month) ? month : WHOLE_YEAR;
  const period = chosenMonth === WHOLE_YEAR ? String(year) : `${year}-${chosenMonth}`;

  return (
    <Panel
      title="Earnings statement"
      description="Each payment released to you with its gross, the 20% platform fee and your net, each payout, and the totals. Months in UTC."
    >
      <div className="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,12rem))_auto] sm:items-end">
        <div>
          <label htmlFor={`${ids}-year`} className="label">
            Year
          </label>
          <select
            id={`${ids}-year`}
            className="input"
            value={year}
            onChange={(e) => setYear(Number(e.target.value))}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-month`} className="label">
            Month
          </label>
          <select
            id={`${ids}-month`}
            className="input"
            value={chosenMonth}
            onChange={(e) => setMonth(e.target.value)}
          >
            <option value={WHOLE_YEAR}>Whole year</option>
            {months.map((m) => (
              <option key={m.value} value={m.value}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-format`} className="label">
            Format
          </label>
          <select
            id={`${ids}-format`}
            className="input"
            value={format}
            onChange={(e) => setFormat(e.target.value as StatementFormat)}
          >
            {STATEMENT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        <PrivateFileLink
          href={statementPath(engineerId, period, format)}
          filename={statementFileName(period, format)}
          className="btn-primary justify-center"
        >
          <Download className="h-4 w-4" aria-hidden />
          Download statement
        </PrivateFileLink>
      </div>
    </Panel>
  );
}
