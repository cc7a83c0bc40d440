// npm run record:verify — checks every project's record chain on the database the
// environment configures (DATABASE_URL, or the embedded one in DATA_DIR). Exits non-zero
// and names the first broken entry of each project whose record does not verify.
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { claimDataDirOrExit } from '../src/lib/pidfile.ts';
import { formatRecordCheck, verifyAllRecords } from '../src/modules/project-record/record.service.ts';

const config = loadConfig();
claimDataDirOrExit(config);
const database = await openDatabase(config);
await database.migrate();
const check = await verifyAllRecords(database.db);
await database.close();
console.log(formatRecordCheck(check));
process.exit(check.broken.length === 0 ? 0 : 1);
