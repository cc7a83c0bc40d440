// Exactly once across a crash: `npm run payouts:run` runs in a child process that is
// killed with SIGKILL in the middle of the run, then started again. Every payout must be
// paid once — on the embedded database and on PostgreSQL, in test mode and through the
// Stripe SDK against a local fake of Stripe's API that makes a transfer and never answers
// (the worst moment: the money moved, the run did not hear of it).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { payouts, testTransfers } from '../../db/schema/index.ts';
import { startFakeStripe } from '../../test/fake-stripe.ts';
import { dueDeal } from '../../test/fixtures/payouts.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { checkLedger, formatLedgerReport } from '../ledger/ledger.check.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');
const KEY = randomBytes(32).toString('hex');
const COUNT = 6;

/** `npm run payouts:run -- --date D` as a child process on the given database. */
function payoutRun(env: Record<string, string>, date: string): ChildProcess & { lines: string[] } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/payouts-run.ts', '--date', date], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      PORT: '0',
      ENCRYPTION_KEY: KEY,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as ChildProcess & { lines: string[] };
  child.lines = [];
  let buffer = '';
  child.stdout?.on('data', (chunk) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    child.lines.push(...parts);
  });
  child.stderr?.on('data', (chunk) => process.stderr.write(chunk));
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function makeDuePayouts(app: TestApp) {
  const deals = [];
  for (let i = 0; i < COUNT; i++) deals.push(await dueDeal(app, 100_00 + i * 10_00));
  return { ids: deals.map((d) => d.payout.id), date: deals[0].payout.payoutDate };
}

/** Every payout succeeded, each with exactly one transfer, and the ledger holds. */
async function expectPaidOnce(
  app: TestApp,
  ids: string[],
  transfersOf: (payoutId: string) => Promise<number>,
) {
  for (const id of ids) {
    const [p] = await app.ctx.db.select().from(payouts).where(eq(payouts.id, id));
    expect(p.status, id).toBe('succeeded');
    expect(await transfersOf(id), id).toBe(1);
  }
  const report = await checkLedger(app.ctx.db);
  if (!report.ok) expect.fail(formatLedgerReport(report));
}

const testModeTransfers = (app: TestApp) => async (payoutId: string) =>
  (await app.ctx.db.select().from(testTransfers)).filter((t) => t.metadata.payout_id === payoutId).length;

// Child processes start tsx and open the database: minutes on a loaded machine, not seconds.
describe('payout run killed with SIGKILL and started again', { timeout: 300_000 }, () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('pays every payout once on the embedded database (test mode)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stampworks-payouts-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const config = { databaseUrl: undefined, dataDir, encryptionKey: Buffer.from(KEY, 'hex') };
    let app = await createTestApp(config);
    const { ids, date } = await makeDuePayouts(app);
    await app.dispose();

    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const first = payoutRun(env, date);
    await until('two payouts paid', () => first.lines.filter((l) => l.startsWith('paid')).length >= 2);
    first.kill('SIGKILL');
    await exited(first);
    expect(first.lines.filter((l) => l.startsWith('paid')).length).toBeLessThan(COUNT);

    const second = payoutRun(env, date);
    expect(await exited(second)).toBe(0);
    app = await createTestApp(config);
    cleanups.push(() => app.dispose());
    await expectPaidOnce(app, ids, testModeTransfers(app));
  });

  it.runIf(process.env.DATABASE_URL)('pays every payout once on PostgreSQL (test mode)', async () => {
    const app = await createTestApp({ encryptionKey: Buffer.from(KEY, 'hex') });
    cleanups.push(() => app.dispose());
    const { ids, date } = await makeDuePayouts(app);
    const env = { DATABASE_URL: app.ctx.config.databaseUrl as string };
    const first = payoutRun(env, date);
    await until('two payouts paid', () => first.lines.filter((l) => l.startsWith('paid')).length >= 2);
    first.kill('SIGKILL');
    await exited(first);
    // A second instance started at the same time as the rerun: one of them does the work.
    const [a, b] = [payoutRun(env, date), payoutRun(env, date)];
    expect(await exited(a)).toBe(0);
    expect(await exited(b)).toBe(0);
    await expectPaidOnce(app, ids, testModeTransfers(app));
  });

  it.runIf(process.env.DATABASE_URL)(
    'pays every payout once through the Stripe SDK when the process dies after Stripe made a transfer',
    async () => {
      const fake = await startFakeStripe();
      cleanups.push(() => fake.close());
      const app = await createTestApp({ encryptionKey: Buffer.from(KEY, 'hex') });
      cleanups.push(() => app.dispose());
      const { ids, date } = await makeDuePayouts(app);
      const env = {
        DATABASE_URL: app.ctx.config.databaseUrl as string,
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: 'whsec_fake',
        STRIPE_API_URL: fake.url,
      };
      let held = 0;
      fake.holdTransfers(1, () => {
        held += 1;
      });
      const first = payoutRun(env, date);
      await until('a transfer made and not answered', () => held === 1);
      first.kill('SIGKILL');
      await exited(first);
      const second = payoutRun(env, date);
      expect(await exited(second)).toBe(0);
      const transfersOf = async (payoutId: string) =>
        [...fake.transfers.values()].filter(
          (t) => (t.metadata as Record<string, string>).payout_id === payoutId,
        ).length;
      await expectPaidOnce(app, ids, transfersOf);
      expect(fake.transfers.size).toBe(COUNT);
    },
  );
});
