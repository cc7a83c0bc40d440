// How long a piece of work held the event loop, for the suites that must see a request that
// freezes the server for everyone (hostile-input.test.ts). perf_hooks' delay histogram
// samples every 10 ms; the longest delay while the work ran is how long the loop was held.
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** A request may hold the loop at most this long on a machine at rest (docs/SECURITY.md). */
export const LOOP_BUDGET_MS = 100;

/**
 * The budget on this machine now: 100 ms at rest, stretched by how many processes wait for each
 * core (load average per core), so a machine shared with other work does not fail linear work
 * on a 256 KB string, while a super-linear handler (seconds, growing with the square of the
 * length) still fails by far.
 */
export function loopBudgetMs(): number {
  return LOOP_BUDGET_MS * Math.max(1, loadavg()[0] / availableParallelism());
}

export function loopWatch() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const tick = () => new Promise((r) => setTimeout(r, 15));
  return {
    /**
     * Runs `work` and answers how long it held the loop (ms). Work that took less wall time
     * than the budget cannot have held the loop longer, so it is not waited on.
     */
    async held<T>(work: () => Promise<T>): Promise<{ result: T; heldMs: number }> {
      histogram.reset();
      const started = performance.now();
      const result = await work();
      if (performance.now() - started < loopBudgetMs()) return { result, heldMs: 0 };
      // Let the histogram record the delay that just ended.
      await tick();
      return { result, heldMs: histogram.max / 1e6 };
    },
    /**
     * After a first run held the loop `firstMs`: the least time `work` held it over up to three
     * runs, since a garbage collection or a busy machine can stretch one run while a slow
     * pattern holds it every time. Ten times the budget is no accident and is not run again.
     */
    async heldEveryTime(work: () => Promise<unknown>, firstMs: number): Promise<number> {
      if (firstMs > 10 * loopBudgetMs()) return firstMs;
      let least = firstMs;
      for (let i = 0; i < 2 && least > loopBudgetMs(); i++)
        least = Math.min(least, (await this.held(work)).heldMs);
      return least;
    },
    stop() {
      histogram.disable();
    },
  };
}
