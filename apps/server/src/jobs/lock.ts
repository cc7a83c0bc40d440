import type { AppContext } from '../context.ts';

/**
 * Runs fn only if this process gets the lock named `name` (Database.tryLock: a
 * session-level advisory lock on a server, a process lock in the embedded database);
 * another instance already running the same job makes this a no-op. No transaction stays
 * open while fn runs, so fn may call providers between short transactions of its own.
 * Returns whether it ran.
 */
export async function withAdvisoryLock(
  ctx: AppContext,
  name: string,
  fn: () => Promise<void>,
): Promise<boolean> {
  const release = await ctx.database.tryLock(name);
  if (!release) return false;
  try {
    await fn();
    return true;
  } finally {
    await release();
  }
}
