// The database handle: PGlite (embedded, in-process PostgreSQL) by default, or a
// PostgreSQL server through `pg` when DATABASE_URL is set. Same schema, same SQL.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: service functions accept both. */
export type DbOrTx = Db | Tx;

/** Gives a held lock back. */
export type ReleaseLock = () => Promise<void>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Takes the lock named `name` if nobody holds it, without holding a transaction open:
   * on a server, a session-level advisory lock on a connection of its own, given back by
   * the server itself if this process dies; in the embedded database (one process), a lock
   * of this process. Answers null when it is held elsewhere.
   */
  tryLock(name: string): Promise<ReleaseLock | null>;
  /**
   * Runs fn while holding the lock named `name`, waiting for it when another instance holds
   * it: startup work that several instances starting at once must do one after another
   * (migrations, demo data), each seeing what the one before it did.
   */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Applies the migrations not applied yet, one instance at a time (under `exclusive`), and
   * answers how many this call applied: instances starting together apply them once.
   */
  migrate(): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** Drizzle's record of applied migrations (absent before the first). */
async function appliedMigrations(db: Db): Promise<number> {
  const { rows } = (await db.execute(
    sql`select count(*)::int as n from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'`,
  )) as unknown as { rows: Array<{ n: number }> };
  if (!rows[0]?.n) return 0;
  const counted = (await db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as {
    rows: Array<{ n: number }>;
  };
  return counted.rows[0]?.n ?? 0;
}

/** Runs the migrator and answers how many migrations it applied. */
async function migrateCounting(db: Db, run: () => Promise<void>): Promise<number> {
  const before = await appliedMigrations(db);
  await run();
  return (await appliedMigrations(db)) - before;
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    // A session-level advisory lock on a connection of its own: the server gives it back
    // if this process dies while holding it.
    const exclusive = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [name]);
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
      try {
        return await fn();
      } finally {
        try {
          await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
          client.release();
        } catch (err) {
          client.release(err as Error);
        }
      }
    };
    return {
      db,
      kind: 'postgres',
      async tryLock(name) {
        const client = await pool.connect();
        try {
          const { rows } = await client.query<{ locked: boolean }>(
            'select pg_try_advisory_lock(hashtext($1)) as locked',
            [name],
          );
          if (!rows[0]?.locked) {
            client.release();
            return null;
          }
        } catch (err) {
          client.release(err as Error);
          throw err;
        }
        return async () => {
          try {
            await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
            client.release();
          } catch (err) {
            // Dropping the connection gives the lock back too.
            client.release(err as Error);
          }
        };
      },
      exclusive,
      // Two instances migrating at once would both try to create the same tables.
      migrate: () =>
        exclusive('stampworks:migrate', () =>
          migrateCounting(db, () => migratePg(db as any, { migrationsFolder })),
        ),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  // pg_trgm makes substring name search ('%ann%') indexable, as on a PostgreSQL server.
  const extensions = { pg_trgm };
  if (opts.dataDir === ':memory:') client = new PGlite({ extensions });
  else {
    const dir = path.join(opts.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const held = new Set<string>();
  return {
    db,
    kind: 'pglite',
    async tryLock(name) {
      if (held.has(name)) return null;
      held.add(name);
      return async () => {
        held.delete(name);
      };
    },
    // One process: nothing else can take the lock or migrate meanwhile.
    exclusive: (_name, fn) => fn(),
    migrate: () => migrateCounting(db, () => migratePglite(db as any, { migrationsFolder })),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
