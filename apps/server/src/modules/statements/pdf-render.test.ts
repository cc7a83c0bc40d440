// A busy engineer's year is laid out off the event loop: while the worker renders 2,000
// lines, the main thread keeps answering (its timers keep firing on time).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { statementPeriod } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf-render.ts';
import { buildStatement, type WalletMovement } from './statement-builder.ts';

function busyYear(releases: number) {
  const movements: WalletMovement[] = [];
  for (let i = 0; i < releases; i++) {
    const at = new Date(Date.UTC(2025, 0, 1) + Math.floor((i * 360 * 86_400_000) / releases)).toISOString();
    const gross = 1_000_00 + i;
    const fee = Math.floor((gross * 20 + 50) / 100);
    const common = { at, paymentId: `pay-${i}`, projectTitle: `Foundation redesign ${i}` };
    movements.push({
      ...common,
      transactionId: `r${i}`,
      kind: 'release',
      walletCents: gross - fee,
      escrowOutCents: gross,
      platformCents: fee,
      payoutId: null,
    });
    movements.push({
      ...common,
      transactionId: `p${i}`,
      kind: 'payout',
      walletCents: fee - gross,
      escrowOutCents: 0,
      platformCents: 0,
      payoutId: `po-${i}`,
    });
  }
  const period = statementPeriod('2025', new Date('2026-01-01T00:00:00Z'));
  if ('error' in period) throw new Error(period.error);
  return buildStatement({
    engineer: { id: 'e', name: 'Busy Engineer', email: 'busy@example.test' },
    period,
    openingCents: 0,
    movements,
    now: new Date('2026-01-02T00:00:00Z'),
  });
}

describe('renderPdf', () => {
  it('renders a year of 1,000 releases and 1,000 payouts in a worker, the event loop free', async () => {
    const statement = busyYear(1_000);
    await renderPdf({ kind: 'statement', statement: busyYear(1) }); // the thread is up
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const pdf = await renderPdf({ kind: 'statement', statement });
    const took = performance.now() - started;
    delay.disable();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The worst wait of the main thread while the worker rendered: far below the render.
    const worstMs = delay.max / 1e6;
    console.log(
      `statement of 2,000 lines: ${Math.round(took)} ms in the worker, ${pdf.length} bytes; event loop waited at most ${Math.round(worstMs)} ms`,
    );
    expect(worstMs).toBeLessThan(Math.max(100, took / 3));
  }, 60_000);
});
