// npm run ledger:check — verifies every ledger invariant on the database the environment
// configures (DATABASE_URL, or the embedded one in DATA_DIR) and prints a report. Exits
// non-zero when an invariant does not hold.
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DataDirBusyError, lockDataDir, usesEmbeddedFolder } from '../src/lib/pidfile.ts';
import { checkLedger, formatLedgerReport } from '../src/modules/ledger/ledger.check.ts';

const config = loadConfig();
try {
  if (usesEmbeddedFolder(config)) lockDataDir(config.dataDir);
} catch (err) {
  if (!(err instanceof DataDirBusyError)) throw err;
  console.error(`${err.message}\nStop the server, run this command, then start the server again.`);
  process.exit(1);
}
const database = await openDatabase(config);
await database.migrate();
const report = await checkLedger(database.db);
await database.close();
console.log(formatLedgerReport(report));
process.exit(report.ok ? 0 : 1);
