// npm run db:backup -- --out FILE.tar.gz — a backup of the embedded default: the database
// folder, the uploaded files and the generated encryption key (without it the sealed SSNs
// could not be read back), as one gzipped tar. Runs only while no server holds the data folder,
// so the copy is consistent. A PostgreSQL server is backed up with pg_dump (README).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { claimDataDirOrExit, PID_FILE } from '../src/lib/pidfile.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up a PostgreSQL server with pg_dump (see the README).');
  process.exit(1);
}
if (!values.out) {
  console.error('Usage: npm run db:backup -- --out backup.tar.gz');
  process.exit(1);
}
if (!existsSync(config.dataDir)) {
  console.error(`No data folder at ${config.dataDir}: nothing to back up.`);
  process.exit(1);
}
claimDataDirOrExit(config);
const out = path.resolve(values.out);
const tar = spawnSync('tar', ['-czf', out, '-C', config.dataDir, `--exclude=./${PID_FILE}`, '.'], {
  stdio: 'inherit',
});
if (tar.status !== 0) {
  console.error('The backup could not be written.');
  process.exit(1);
}
console.log(`Backed up ${config.dataDir} to ${out}.`);
process.exit(0);
