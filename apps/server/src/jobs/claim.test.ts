// Once across instances (jobs/claim.ts): an occurrence of a job is run by whoever claims it
// first; the deployment test (docs/DEPLOY.md) shows it with two real instances.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobRuns } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { instanceName, runClaimed } from './claim.ts';
import { startJobs } from './index.ts';
import type { Job } from './job.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

const counting = (name: string, work: () => Promise<void> = async () => {}) => {
  const job: Job & { runs: number } = {
    name,
    schedule: '0 0 1 1 *',
    runs: 0,
    async run() {
      job.runs += 1;
      await work();
    },
  };
  return job;
};

it('runs an occurrence once: a second claim of the same scheduled time is skipped', async () => {
  const job = counting('test.once');
  const slot = new Date('2026-11-22T06:00:00Z');
  expect(await runClaimed(app.ctx, job, slot)).toBe('ran');
  expect(await runClaimed(app.ctx, job, slot)).toBe('claimed elsewhere');
  expect(job.runs).toBe(1);
  // The next occurrence is a new claim.
  expect(await runClaimed(app.ctx, job, new Date('2026-11-29T06:00:00Z'))).toBe('ran');
  expect(job.runs).toBe(2);
  const [row] = await app.ctx.db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.job, 'test.once'), eq(jobRuns.slot, slot)));
  expect(row).toMatchObject({ instance: instanceName, outcome: 'ok' });
  expect(row.finishedAt).toBeInstanceOf(Date);
});

it('runs an occurrence fired at once by several callers exactly once', async () => {
  const job = counting('test.together', () => new Promise((r) => setTimeout(r, 50)));
  const slot = new Date('2026-11-27T10:00:00Z');
  const outcomes = await Promise.all(Array.from({ length: 4 }, () => runClaimed(app.ctx, job, slot)));
  expect(job.runs).toBe(1);
  expect(outcomes.filter((o) => o === 'ran')).toHaveLength(1);
});

it('records a failed occurrence without retrying it, and the next one runs', async () => {
  const job = counting('test.failing', async () => {
    throw new Error('provider down');
  });
  const slot = new Date('2026-11-27T11:00:00Z');
  expect(await runClaimed(app.ctx, job, slot)).toBe('failed');
  expect(await runClaimed(app.ctx, job, slot)).toBe('claimed elsewhere');
  const [row] = await app.ctx.db.select().from(jobRuns).where(eq(jobRuns.job, 'test.failing'));
  expect(row.outcome).toBe('failed');
  expect(await runClaimed(app.ctx, job, new Date('2026-11-27T12:00:00Z'))).toBe('failed');
  expect(job.runs).toBe(2);
});

it('prunes its rows older than a week as it claims new ones', async () => {
  const job = counting('test.prune');
  await runClaimed(app.ctx, job, new Date('2026-10-01T00:00:00Z'));
  await runClaimed(app.ctx, job, new Date('2026-11-01T00:00:00Z'));
  const rows = await app.ctx.db.select().from(jobRuns).where(eq(jobRuns.job, 'test.prune'));
  expect(rows.map((r) => r.slot.toISOString())).toEqual(['2026-11-01T00:00:00.000Z']);
});

it('two schedulers on one database run each occurrence once, named by its scheduled second', async () => {
  // Two startJobs on one context stand for two instances: each has its own timers, and only
  // the database is shared (the deployment test does it with two processes).
  const job = counting('test.schedule');
  const withOverride = { ...app.ctx, config: { ...app.ctx.config, jobsSchedule: '* * * * * *' } };
  const stops = [startJobs(withOverride, [job]), startJobs(withOverride, [job])];
  // Until three occurrences ran (one a second), or 10 s on a loaded machine.
  for (let i = 0; i < 100 && job.runs < 3; i++) await new Promise((r) => setTimeout(r, 100));
  await Promise.all(stops.map((stop) => stop()));
  const rows = await app.ctx.db.select().from(jobRuns).where(eq(jobRuns.job, 'test.schedule'));
  expect(job.runs).toBeGreaterThanOrEqual(3);
  expect(rows).toHaveLength(job.runs);
  for (const row of rows) expect(row.slot.getUTCMilliseconds()).toBe(0);
}, 30_000);
