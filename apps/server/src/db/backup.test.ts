// npm run db:backup / db:restore round trip on the embedded default: the database, the
// uploaded files and the encryption key come back; a busy or non-empty folder is refused.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');
const temp = mkdtempSync(path.join(tmpdir(), 'stampworks-backup-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Runs a command script with only the embedded folder configured (never DATABASE_URL). */
async function script(name: string, dataDir: string, args: string[]) {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      cwd: serverDir,
      env: { ...env, DATA_DIR: dataDir, NODE_ENV: 'development' },
    });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, out: e.stderr };
  }
}

async function countUsers(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    const result = await database.db.execute(
      sql`select count(*)::int as n from users where email = 'kept@backup.test'`,
    );
    const rows = ((result as { rows?: unknown }).rows ?? result) as Array<{ n: number }>;
    return rows[0].n;
  } finally {
    await database.close();
  }
}

describe('db:backup and db:restore', () => {
  it('bring back the database, the files and the key, and refuse what would lose data', async () => {
    const original = path.join(temp, 'original');
    const database = await openDatabase({ dataDir: original });
    await database.migrate();
    await database.db.execute(
      sql`insert into users (email, password_hash, full_name, role) values ('kept@backup.test', 'x', 'Kept', 'client')`,
    );
    await database.close();
    mkdirSync(path.join(original, 'files'), { recursive: true });
    writeFileSync(path.join(original, 'files', 'drawing.pdf'), '%PDF-1.7 kept');
    writeFileSync(path.join(original, 'encryption.key'), 'ab'.repeat(32));

    const archive = path.join(temp, 'backup.tar.gz');
    // While a process holds the folder, nothing is copied.
    writeFileSync(path.join(original, 'server.pid'), `${process.pid}\n`);
    const busy = await script('db-backup', original, ['--out', archive]);
    expect(busy.code).not.toBe(0);
    expect(busy.out).toContain('Another StampWorks process');
    rmSync(path.join(original, 'server.pid'));

    const made = await script('db-backup', original, ['--out', archive]);
    expect(made.code, made.out).toBe(0);
    expect(existsSync(archive)).toBe(true);

    const restored = path.join(temp, 'restored');
    const back = await script('db-restore', restored, ['--from', archive]);
    expect(back.code, back.out).toBe(0);
    expect(await countUsers(restored)).toBe(1);
    expect(readFileSync(path.join(restored, 'files', 'drawing.pdf'), 'utf8')).toBe('%PDF-1.7 kept');
    expect(readFileSync(path.join(restored, 'encryption.key'), 'utf8')).toBe('ab'.repeat(32));

    // A folder that holds data is not overwritten without --force.
    const again = await script('db-restore', restored, ['--from', archive]);
    expect(again.code).not.toBe(0);
    expect(again.out).toContain('already holds data');
    const forced = await script('db-restore', restored, ['--from', archive, '--force']);
    expect(forced.code, forced.out).toBe(0);
    expect(await countUsers(restored)).toBe(1);
  }, 240_000);
});
