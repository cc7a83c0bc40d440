// The embedded database (PGlite) is single-process: two processes opening one data folder
// corrupt it. The server keeps `server.pid` in its data folder while it runs, and every
// process that opens that folder (the server, the create-admin command) checks it first.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const PID_FILE = 'server.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of another live process holding the data folder, or null (a stale file counts as none). */
export function liveHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(path.join(dataDir, PID_FILE), 'utf8').trim(), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isAlive(pid) ? pid : null;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another StampWorks process (pid ${pid}) is using the embedded database in ${dataDir}. ` +
        'The embedded database allows one process at a time: stop that process first, then try again.',
    );
    this.name = 'DataDirBusyError';
  }
}

/** Claims the data folder for this process; answers the release function. Throws DataDirBusyError when held. */
export function lockDataDir(dataDir: string): () => void {
  const holder = liveHolder(dataDir);
  if (holder) throw new DataDirBusyError(dataDir, holder);
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, PID_FILE);
  writeFileSync(file, `${process.pid}\n`);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    // Only our own claim is removed.
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {}
  };
  process.once('exit', release);
  return release;
}

/** Whether a config uses the embedded database in a folder (the case that needs the lock). */
export const usesEmbeddedFolder = (config: { databaseUrl?: string; dataDir: string }) =>
  !config.databaseUrl && config.dataDir !== ':memory:';

/**
 * For a command run beside the product (ledger check, payout run): claims the embedded
 * database's folder, or exits with a message when a server holds it. Nothing to claim on a
 * PostgreSQL server.
 */
export function claimDataDirOrExit(config: { databaseUrl?: string; dataDir: string }): void {
  if (!usesEmbeddedFolder(config)) return;
  try {
    lockDataDir(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirBusyError)) throw err;
    console.error(`${err.message}\nStop the server, run this command, then start the server again.`);
    process.exit(1);
  }
}
