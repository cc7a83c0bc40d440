// npm run db:restore -- --from FILE.tar.gz — puts a backup made by db:backup into the data
// folder (DATA_DIR). Refuses a folder that already holds data unless --force is given, and
// never runs while a server holds the folder. A PostgreSQL server is restored with pg_restore.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dataDirFrom, loadConfig } from '../src/config.ts';
import { claimDataDirOrExit, PID_FILE } from '../src/lib/pidfile.ts';

const { values } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean' } } });
// Looked at before loading the configuration, which writes a new encryption key into an
// empty folder (the backup brings its own).
const target = dataDirFrom();
const held = existsSync(target) ? readdirSync(target).filter((f) => f !== PID_FILE) : [];
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore a PostgreSQL server with pg_restore (see the README).');
  process.exit(1);
}
if (!values.from || !existsSync(values.from)) {
  console.error('Usage: npm run db:restore -- --from backup.tar.gz [--force]');
  process.exit(1);
}
if (held.length > 0 && !values.force) {
  console.error(
    `${config.dataDir} already holds data: restore into an empty folder, or add --force to replace it.`,
  );
  process.exit(1);
}
claimDataDirOrExit(config);
for (const entry of readdirSync(config.dataDir).filter((f) => f !== PID_FILE))
  rmSync(path.join(config.dataDir, entry), { recursive: true, force: true });
mkdirSync(config.dataDir, { recursive: true });
const tar = spawnSync('tar', ['-xzf', path.resolve(values.from), '-C', config.dataDir], { stdio: 'inherit' });
if (tar.status !== 0) {
  console.error('The backup could not be read.');
  process.exit(1);
}
console.log(`Restored ${values.from} into ${config.dataDir}.`);
process.exit(0);
