// The statement builder and its CSV, on hand-written ledger movements (literal cents).
import { STATEMENT_MESSAGES, statementPeriod } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { buildStatement, LedgerShapeError, type WalletMovement } from './statement-builder.ts';
import { statementCsv } from './statement-csv.ts';

const now = new Date('2026-11-27T16:00:00Z');
const november = statementPeriod('2026-11', now);
if ('error' in november) throw new Error(november.error);
const engineer = { id: 'e1', name: 'Ethan Engineer', email: 'ethan@example.test' };

const release = (
  id: string,
  at: string,
  gross: number,
  fee: number,
  title = 'Deck permit',
): WalletMovement => ({
  transactionId: id,
  kind: 'release',
  at,
  walletCents: gross - fee,
  escrowOutCents: gross,
  platformCents: fee,
  paymentId: `pay-${id}`,
  projectTitle: title,
  payoutId: null,
});
const payout = (
  id: string,
  at: string,
  cents: number,
  kind: 'payout' | 'payout_reversal' = 'payout',
): WalletMovement => ({
  transactionId: id,
  kind,
  at,
  walletCents: kind === 'payout' ? -cents : cents,
  escrowOutCents: 0,
  platformCents: 0,
  paymentId: `pay-${id}`,
  projectTitle: 'Deck permit',
  payoutId: `po-${id}`,
});

describe('statementPeriod', () => {
  it('reads months and years in UTC and refuses the rest', () => {
    expect(november).toMatchObject({
      kind: 'month',
      label: 'November 2026',
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-12-01T00:00:00Z'),
    });
    expect(statementPeriod('2026', now)).toMatchObject({
      kind: 'year',
      label: 'Year 2026',
      from: new Date('2026-01-01T00:00:00Z'),
      to: new Date('2027-01-01T00:00:00Z'),
    });
    expect(statementPeriod('2026-12', now)).toEqual({ error: STATEMENT_MESSAGES.futurePeriod });
    expect(statementPeriod('2026-13', now)).toEqual({ error: STATEMENT_MESSAGES.badPeriod });
    expect(statementPeriod('1999', now)).toEqual({ error: STATEMENT_MESSAGES.tooOldPeriod });
  });
});

describe('buildStatement', () => {
  it('totals releases (gross, 20% fee, net) and payouts, and carries the wallet balance', () => {
    const s = buildStatement({
      engineer,
      period: november,
      openingCents: 160_00,
      movements: [
        payout('a', '2026-11-01T10:00:00Z', 160_00),
        release('b', '2026-11-03T09:00:00Z', 300_00, 60_00),
        payout('d', '2026-11-08T12:00:00Z', 240_00),
        payout('d', '2026-11-09T12:00:00Z', 240_00, 'payout_reversal'),
        release('c', '2026-11-10T09:00:00Z', 1_234_57, 246_91),
      ],
      now,
    });
    expect(s.totals).toEqual({
      grossCents: 1_534_57,
      feeCents: 306_91,
      netCents: 1_227_66,
      sentCents: 400_00,
      returnedCents: 240_00,
      paidOutCents: 160_00,
      openingCents: 160_00,
      closingCents: 1_227_66,
    });
    expect(s.lines.map((l) => l.balanceCents)).toEqual([0, 240_00, 0, 240_00, 1_227_66]);
    expect(s.releases[1]).toMatchObject({ grossCents: 1_234_57, feeCents: 246_91, netCents: 987_66 });
    expect(s.payouts.map((p) => [p.kind, p.paidOutCents])).toEqual([
      ['sent', 160_00],
      ['sent', 240_00],
      ['returned', -240_00],
    ]);
  });

  it('is empty but balanced for a quiet month', () => {
    const s = buildStatement({ engineer, period: november, openingCents: 5_00, movements: [], now });
    expect(s.totals).toMatchObject({
      grossCents: 0,
      netCents: 0,
      paidOutCents: 0,
      openingCents: 5_00,
      closingCents: 5_00,
    });
  });

  it('refuses a release posting that does not balance', () => {
    const broken = { ...release('x', '2026-11-03T09:00:00Z', 300_00, 60_00), platformCents: 59_99 };
    expect(() =>
      buildStatement({ engineer, period: november, openingCents: 0, movements: [broken], now }),
    ).toThrow(LedgerShapeError);
  });
});

describe('statementCsv', () => {
  it('writes RFC 4180 rows with a BOM, CRLF, quoted fields and formulas neutralised', () => {
    const s = buildStatement({
      engineer,
      period: november,
      openingCents: 0,
      movements: [
        release('b', '2026-11-03T09:05:06.123Z', 300_00, 60_00, '=HYPERLINK("http://x")'),
        release('c', '2026-11-04T09:00:00Z', 100_00, 20_00, 'Deck, "rev B"'),
        payout('d', '2026-11-08T12:00:00Z', 240_00),
        payout('d', '2026-11-09T12:00:00Z', 240_00, 'payout_reversal'),
      ],
      now,
    });
    const csv = statementCsv(s);
    expect(
      csv.startsWith(
        '\uFEFFDate (UTC),Type,Project,Payment ID,Payout ID,Gross,Platform fee (20%),Net,Paid out,Returned to wallet,Wallet balance\r\n',
      ),
    ).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe('2026-11-01 00:00:00,Opening balance,,,,,,,,,0.00');
    expect(lines[2]).toBe(
      `2026-11-03 09:05:06,Release,"'=HYPERLINK(""http://x"")",pay-b,,300.00,60.00,240.00,,,240.00`,
    );
    expect(lines[3]).toBe('2026-11-04 09:00:00,Release,"Deck, ""rev B""",pay-c,,100.00,20.00,80.00,,,320.00');
    expect(lines[4]).toBe('2026-11-08 12:00:00,Payout,Deck permit,,po-d,,,,240.00,,80.00');
    expect(lines[5]).toBe('2026-11-09 12:00:00,Payout returned,Deck permit,,po-d,,,,,240.00,320.00');
    expect(lines[6]).toBe(',Totals November 2026,,,,400.00,80.00,320.00,240.00,240.00,320.00');
    expect(lines[7]).toBe('');
  });
});
