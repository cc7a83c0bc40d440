// `npm run payouts:run -- [--date YYYY-MM-DD]`: the payout run by hand, acting as that day
// (default: today, UTC). The script is scripts/payouts-run.ts.
export const PAYOUTS_RUN_USAGE =
  'Usage: npm run payouts:run -- [--date YYYY-MM-DD]\n' +
  '  Pays every payout due by that day (default today, UTC) of engineers whose payout account is ready and whose due total is at least $10.00.';

export class PayoutsRunUsageError extends Error {}

export function parsePayoutsRunArgs(argv: string[], today = new Date()): { date: string } {
  let date = today.toISOString().slice(0, 10);
  for (let i = 0; i < argv.length; i++) {
    const m = /^--date(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new PayoutsRunUsageError(`Unknown argument: ${argv[i]}`);
    const value = m[1] ?? argv[++i];
    if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
      throw new PayoutsRunUsageError('--date needs a day as YYYY-MM-DD.');
    date = value;
  }
  return { date };
}
