// The database handle: PGlite (embedded, in-process PostgreSQL) by default, or a
// PostgreSQL server through `pg` when DATABASE_URL is set. Same schema, same SQL.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
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
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
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
      migrate: () => migratePg(db as any, { migrationsFolder }),
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
    migrate: () => migratePglite(db as any, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
