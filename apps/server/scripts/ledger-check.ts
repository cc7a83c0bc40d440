// npm run ledger:check — verifies every ledger invariant on the database the environment
// configures (DATABASE_URL, or the embedded one in DATA_DIR) and prints a report. Exits
// non-zero when an invariant does not hold.
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { claimDataDirOrExit } from '../src/lib/pidfile.ts';
import { checkLedger, formatLedgerReport } from '../src/modules/ledger/ledger.check.ts';

const config = loadConfig();
claimDataDirOrExit(config);
const database = await openDatabase(config);
await database.migrate();
const report = await checkLedger(database.db);
await database.close();
console.log(formatLedgerReport(report));
process.exit(report.ok ? 0 : 1);
