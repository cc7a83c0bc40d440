// A statement as CSV (RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or
// line break) through the same field writer as the Payment History export, which also keeps a
// spreadsheet from reading a project title such as '=HYPERLINK(...)' as a formula. A UTF-8
// byte-order mark first, so spreadsheets read accents right; amounts as plain dollars,
// never negative (a refused payout has its own column), so no amount is taken for a formula.
import { centsToDecimal, csvField } from '@app/shared';
import type { Statement } from './statement-builder.ts';

/** 'YYYY-MM-DD HH:MM:SS' in UTC, the statement's time zone. */
export function utcDateTime(iso: string): string {
  return iso.slice(0, 19).replace('T', ' ');
}

const money = (cents: number) => centsToDecimal(cents);

export function statementCsv(s: Statement): string {
  const rows: string[][] = [
    [
      'Date (UTC)',
      'Type',
      'Project',
      'Payment ID',
      'Payout ID',
      'Gross',
      'Platform fee (20%)',
      'Net',
      'Paid out',
      'Returned to wallet',
      'Wallet balance',
    ],
    [
      utcDateTime(s.period.from),
      'Opening balance',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      money(s.totals.openingCents),
    ],
    ...s.lines.map((l) =>
      l.type === 'release'
        ? [
            utcDateTime(l.at),
            'Release',
            l.projectTitle,
            l.paymentId ?? '',
            '',
            money(l.grossCents),
            money(l.feeCents),
            money(l.netCents),
            '',
            '',
            money(l.balanceCents),
          ]
        : [
            utcDateTime(l.at),
            l.kind === 'sent' ? 'Payout' : 'Payout returned',
            l.projectTitle,
            '',
            l.payoutId ?? '',
            '',
            '',
            '',
            l.kind === 'sent' ? money(l.paidOutCents) : '',
            l.kind === 'returned' ? money(-l.paidOutCents) : '',
            money(l.balanceCents),
          ],
    ),
    [
      '',
      `Totals ${s.period.label}`,
      '',
      '',
      '',
      money(s.totals.grossCents),
      money(s.totals.feeCents),
      money(s.totals.netCents),
      money(s.totals.sentCents),
      money(s.totals.returnedCents),
      money(s.totals.closingCents),
    ],
  ];
  return `\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
