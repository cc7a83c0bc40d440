// CPU work off the event loop (the seal check, receipts and statements): a small pool of
// worker threads each, started on first use, with a bounded queue and a memory cap per thread.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/** A pool for `filename` (a worker module), made on first use; past `maxQueue` waiting tasks a run is refused. */
export function lazyWorkerPool(filename: URL, maxQueue: number): () => Piscina {
  let pool: Piscina | undefined;
  return () => {
    pool ??= new Piscina({
      filename: filename.href,
      // The server's TypeScript runs through tsx; a worker thread needs it too (also under vitest).
      execArgv: ['--import', 'tsx'],
      // One core stays with the event loop.
      maxThreads: Math.max(1, availableParallelism() - 1),
      minThreads: 0,
      idleTimeout: 60_000,
      maxQueue,
      // A crafted or huge task must not take the process's memory with it.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    return pool;
  };
}

/** Why a pool's run failed, when it was the pool's own limit: out of time, or its queue full. */
export function poolRefusal(err: unknown): 'timeout' | 'busy' | null {
  const { name, message } = (err ?? {}) as Error;
  if (name === 'TimeoutError' || name === 'AbortError') return 'timeout';
  if (message === 'Task queue is at limit') return 'busy';
  return null;
}
