import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PASSWORD_MESSAGES } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/password.ts';
import { DataDirBusyError, liveHolder, lockDataDir, PID_FILE } from '../../lib/pidfile.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';
import { ensureAdmin } from './admin.ts';
import { createAdmin, parseCreateAdminArgs } from './create-admin.ts';

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'stampworks-admin-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The embedded database in a folder: the case the pid file protects.
const config = () => ({ dataDir, databaseUrl: undefined });

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

describe('ensureAdmin (what the command does)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.dispose());
  const byEmail = async (email: string) =>
    (await app.ctx.db.select().from(users).where(eq(users.email, email)))[0];

  it('creates an admin, promotes an account, and sets a password only when given', async () => {
    const opts = { resetPassword: true };
    await expect(ensureAdmin(app.ctx, { email: 'new@example.com' }, opts)).rejects.toThrow(/give a password/);
    expect(
      await ensureAdmin(
        app.ctx,
        { email: 'Boss@example.com', password: 'Site-Admin-Pass-1', name: 'Boss' },
        opts,
      ),
    ).toBe('created');
    const boss = await byEmail('boss@example.com');
    expect(boss).toMatchObject({ role: 'admin', fullName: 'Boss', emailVerified: true });
    expect(await verifyPassword(boss.passwordHash, 'Site-Admin-Pass-1')).toBe(true);
    expect(await ensureAdmin(app.ctx, { email: 'boss@example.com' }, opts)).toBe('unchanged');

    // An existing client becomes an admin; its password stays unless one is given.
    const client = await createUser(app, { email: 'cli@example.com', passwordHash: 'keep-me' });
    expect(await ensureAdmin(app.ctx, { email: 'CLI@example.com' }, opts)).toBe('promoted');
    expect(await byEmail('cli@example.com')).toMatchObject({ role: 'admin', passwordHash: 'keep-me' });
    expect(await ensureAdmin(app.ctx, { email: 'cli@example.com', password: 'New-Admin-Pass-2' }, opts)).toBe(
      'password set',
    );
    expect(await verifyPassword((await byEmail('cli@example.com')).passwordHash, 'New-Admin-Pass-2')).toBe(
      true,
    );
    // A new password signs the account out everywhere.
    expect(await app.ctx.db.select().from(sessions).where(eq(sessions.userId, client.id))).toHaveLength(0);
    // At server start (no resetPassword) an existing admin's password is left alone.
    expect(await ensureAdmin(app.ctx, { email: 'cli@example.com', password: 'Other-Admin-Pass-3' })).toBe(
      'unchanged',
    );
    expect(await verifyPassword((await byEmail('cli@example.com')).passwordHash, 'New-Admin-Pass-2')).toBe(
      true,
    );
  });
});

describe('create-admin on the embedded database', () => {
  it('creates the admin in the data folder', async () => {
    expect(
      await createAdmin(config(), { email: 'boss@example.com', password: 'Site-Admin-Pass-1', name: 'Boss' }),
    ).toBe('created');
    const database = await openDatabase(config());
    try {
      const rows = await database.db.select().from(users);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: 'boss@example.com', role: 'admin' });
    } finally {
      await database.close();
    }
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
