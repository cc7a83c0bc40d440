import { randomBytes } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../db/schema/index.ts';
import { createTestApp, createUser, type TestApp } from '../test/harness.ts';
import { CAPPED_TTL_MS, COUNT_WINDOW, cappedTotal } from './capped-count.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

describe('cappedTotal', () => {
  const tag = `cc${randomBytes(4).toString('hex')}`;
  const matches = () =>
    app.ctx.db
      .select({ one: sql`1` })
      .from(projects)
      .where(and(like(projects.title, `${tag}%`), eq(projects.status, 'open')))
      .$dynamic();

  it('remembers a capped count for a while, never an exact one', async () => {
    const owner = await createUser(app, { role: 'client' });
    const rows = Array.from({ length: COUNT_WINDOW + 1 }, (_, i) => ({
      customerId: owner.id,
      title: `${tag} ${i}`,
      description: 'x',
    }));
    await app.ctx.db.insert(projects).values(rows);
    const t = Date.now();
    expect(await cappedTotal(app.ctx.db, matches(), 0, t)).toEqual({
      total: COUNT_WINDOW,
      totalIsCapped: true,
    });

    // Below the cap now; within the time to live the remembered "1,000+" is still given...
    await app.ctx.db
      .update(projects)
      .set({ status: 'closed' })
      .where(like(projects.title, `${tag} 1%`));
    expect(await cappedTotal(app.ctx.db, matches(), 0, t + 1)).toEqual({
      total: COUNT_WINDOW,
      totalIsCapped: true,
    });
    // ...and counted again after it.
    const [{ open }] = await app.ctx.db
      .select({ open: sql<number>`count(*)::int` })
      .from(projects)
      .where(and(like(projects.title, `${tag}%`), eq(projects.status, 'open')));
    expect(open).toBeLessThan(COUNT_WINDOW);
    const later = t + CAPPED_TTL_MS + 1;
    expect(await cappedTotal(app.ctx.db, matches(), 0, later)).toEqual({ total: open, totalIsCapped: false });
    // An exact total is not remembered: one more open row counts at once.
    await app.ctx.db
      .insert(projects)
      .values({ customerId: owner.id, title: `${tag} extra`, description: 'x' });
    expect(await cappedTotal(app.ctx.db, matches(), 0, later + 1)).toEqual({
      total: open + 1,
      totalIsCapped: false,
    });
  });
});
