// npm run payouts:run -- [--date YYYY-MM-DD] — the Sunday payout run by hand, on the
// database the environment configures, through the configured payment provider.
import { formatCents } from '@app/shared';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { claimDataDirOrExit } from '../src/lib/pidfile.ts';
import { runPayouts } from '../src/modules/payouts/payout-run.ts';
import {
  PAYOUTS_RUN_USAGE,
  PayoutsRunUsageError,
  parsePayoutsRunArgs,
} from '../src/modules/payouts/payouts.cli.ts';

let date: string;
try {
  ({ date } = parsePayoutsRunArgs(process.argv.slice(2)));
} catch (err) {
  if (!(err instanceof PayoutsRunUsageError)) throw err;
  console.error(`${err.message}\n${PAYOUTS_RUN_USAGE}`);
  process.exit(2);
}
const config = loadConfig();
claimDataDirOrExit(config);
const app = await buildApp(config);
try {
  const result = await runPayouts(app.ctx, {
    date,
    onSettled: (p, outcome) => console.log(`${outcome} ${p.id} ${formatCents(p.amountCents)}`),
  });
  if (result.skipped) console.log('Another payout run is in progress; nothing done.');
  else
    console.log(
      `Payout run for ${date}: ${result.paid} paid, ${result.failed} failed, ${result.retrying} to retry.`,
    );
} finally {
  await app.close();
}
