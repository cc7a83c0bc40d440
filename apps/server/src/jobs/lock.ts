import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';

/**
 * Runs fn only if this process gets the transaction-scoped advisory lock named `name`;
 * another instance already running the same job makes this a no-op. Returns whether it ran.
 * The embedded PGlite is one process with one connection: no other instance can exist,
 * and holding a transaction open would block fn's own queries, so it just runs.
 */
export async function withAdvisoryLock(
  ctx: AppContext,
  name: string,
  fn: () => Promise<void>,
): Promise<boolean> {
  if (ctx.database.kind === 'pglite') {
    await fn();
    return true;
  }
  return ctx.database.db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${name})) as locked`);
    const rows = (result as unknown as { rows: Array<{ locked: boolean }> }).rows;
    if (!rows[0]?.locked) return false;
    await fn();
    return true;
  });
}
