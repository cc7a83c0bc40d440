// Migrations run once however many instances start together: each migrate() holds the
// database's migration lock and answers how many it applied.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { freshDatabase } from '../test/harness.ts';
import { migrationsFolder, openDatabase } from './client.ts';

const total = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')).entries
  .length as number;

it('applies every migration on an empty database, none the second time', async () => {
  const database = await openDatabase({ dataDir: ':memory:' });
  try {
    expect(await database.migrate()).toBe(total);
    expect(await database.migrate()).toBe(0);
  } finally {
    await database.close();
  }
});

it.skipIf(!process.env.DATABASE_URL)(
  'two instances migrating one empty PostgreSQL database at once: one applies all, the other none',
  async () => {
    const fresh = await freshDatabase(process.env.DATABASE_URL!);
    const [one, two] = await Promise.all([
      openDatabase({ databaseUrl: fresh.url, dataDir: ':memory:' }),
      openDatabase({ databaseUrl: fresh.url, dataDir: ':memory:' }),
    ]);
    try {
      const applied = await Promise.all([one.migrate(), two.migrate()]);
      expect(applied.sort((a, b) => a - b)).toEqual([0, total]);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await fresh.drop();
    }
  },
  60_000,
);
