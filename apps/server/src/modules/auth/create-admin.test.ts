import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PASSWORD_MESSAGES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/password.ts';
import { DataDirBusyError, liveHolder, lockDataDir, PID_FILE } from '../../lib/pidfile.ts';
import { createAdmin, parseCreateAdminArgs } from './create-admin.ts';
import { createSession } from './sessions.ts';

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'stampworks-admin-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The embedded database in a folder: the case the pid file protects.
const config = () => ({ dataDir, databaseUrl: undefined });

async function readUsers() {
  const database = await openDatabase(config());
  try {
    return {
      users: await database.db.select().from(users),
      sessions: await database.db.select().from(sessions),
    };
  } finally {
    await database.close();
  }
}

describe('create-admin arguments', () => {
  it('parses both spellings and checks the e-mail and the password rules', () => {
    expect(
      parseCreateAdminArgs([
        '--email',
        ' Boss@Example.com ',
        '--password=Site-Admin-Pass-1',
        '--name',
        'Boss',
      ]),
    ).toEqual({
      email: 'boss@example.com',
      password: 'Site-Admin-Pass-1',
      name: 'Boss',
    });
    expect(() => parseCreateAdminArgs([])).toThrow('--email is required.');
    expect(() => parseCreateAdminArgs(['--email', 'nope'])).toThrow('valid email');
    expect(() => parseCreateAdminArgs(['--email', 'a@b.co', '--password', 'short'])).toThrow(
      PASSWORD_MESSAGES.tooShort,
    );
    expect(() => parseCreateAdminArgs(['--email', 'a@b.co', '--password', 'password123'])).toThrow(
      PASSWORD_MESSAGES.tooCommon,
    );
    expect(() => parseCreateAdminArgs(['--email', 'a@b.co', '--role', 'x'])).toThrow('Unknown argument');
    expect(() => parseCreateAdminArgs(['--email'])).toThrow('needs a value');
  });
});

describe('create-admin', () => {
  it('creates an admin, promotes an account, and sets a password only when given', async () => {
    expect(
      await createAdmin(config(), { email: 'boss@example.com', password: 'Site-Admin-Pass-1', name: 'Boss' }),
    ).toBe('created');
    let { users: rows } = await readUsers();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'boss@example.com',
      role: 'admin',
      fullName: 'Boss',
      emailVerified: true,
    });
    expect(await verifyPassword(rows[0].passwordHash, 'Site-Admin-Pass-1')).toBe(true);

    await expect(createAdmin(config(), { email: 'new@example.com' })).rejects.toThrow(/give a password/);
    expect(await createAdmin(config(), { email: 'boss@example.com' })).toBe('unchanged');

    // An existing client becomes an admin; its password stays unless one is given.
    const database = await openDatabase(config());
    const [client] = await database.db
      .insert(users)
      .values({ fullName: 'Cli', email: 'cli@example.com', role: 'client', passwordHash: 'keep-me' })
      .returning();
    await createSession(database.db, client.id);
    await database.close();
    expect(await createAdmin(config(), { email: 'CLI@example.com' })).toBe('promoted');
    ({ users: rows } = await readUsers());
    expect(rows.find((u) => u.id === client.id)).toMatchObject({ role: 'admin', passwordHash: 'keep-me' });

    expect(await createAdmin(config(), { email: 'cli@example.com', password: 'New-Admin-Pass-2' })).toBe(
      'password set',
    );
    const after = await readUsers();
    const promoted = after.users.find((u) => u.id === client.id)!;
    expect(await verifyPassword(promoted.passwordHash, 'New-Admin-Pass-2')).toBe(true);
    expect(after.sessions.filter((s) => s.userId === client.id)).toHaveLength(0);
    // Each step opens the embedded database on disk, which is slow on a busy machine.
  }, 180_000);

  it('refuses to open the embedded database while a live server holds it, and ignores a stale pid file', async () => {
    // A pid file left by a process that has exited does not block.
    const sleeper = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']);
    const deadPid = Number(sleeper.stdout.toString().trim());
    writeFileSync(path.join(dataDir, PID_FILE), `${deadPid}\n`);
    expect(liveHolder(dataDir)).toBeNull();
    expect(await createAdmin(config(), { email: 'boss@example.com' })).toBe('unchanged');

    // A live process (a child that sleeps) holding the folder does.
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(path.join(dataDir, PID_FILE), `${live.pid}\n`);
      expect(liveHolder(dataDir)).toBe(live.pid);
      await expect(createAdmin(config(), { email: 'boss@example.com' })).rejects.toBeInstanceOf(
        DataDirBusyError,
      );
      expect(() => lockDataDir(dataDir)).toThrow(/pid \d+.*one process at a time/);
    } finally {
      live.kill();
    }
    // A claim is released by its holder only.
    await new Promise((r) => live.once('exit', r));
    const release = lockDataDir(dataDir);
    expect(readFileSync(path.join(dataDir, PID_FILE), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(liveHolder(dataDir)).toBeNull();
  }, 120_000);
});
