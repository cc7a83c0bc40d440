import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEAL_MESSAGES,
  DEAL_STATES,
  DEAL_TRANSITIONS,
  type DealState,
  dealAllows,
  dealDiagram,
  decisionRemindersLeft,
  describeDuration,
  escrowStateOf,
  FINAL_DEAL_STATES,
  parseDuration,
  type RefundFacts,
  refundRefusal,
  settleBodySchema,
} from './deals.ts';
import { PAYMENT_MESSAGES } from './payments.ts';

describe('refundRefusal', () => {
  const paidAt = new Date('2026-11-20T10:00:00Z');
  const facts = (over: Partial<RefundFacts> = {}): RefundFacts => ({
    state: 'paid',
    delivered: false,
    refundUntil: new Date(paidAt.getTime() + 24 * 3600 * 1000),
    reportedByEngineer: false,
    now: new Date(paidAt.getTime() + 3600 * 1000),
    ...over,
  });
  it('allows the refund within 24 hours of paying, before the first deliverable', () => {
    expect(refundRefusal(facts())).toBeNull();
    expect(refundRefusal(facts({ now: new Date(paidAt.getTime() + 24 * 3600 * 1000 - 1) }))).toBeNull();
  });
  it('keeps the window open through a problem the engineer reported before delivering', () => {
    expect(refundRefusal(facts({ state: 'disputed', reportedByEngineer: true }))).toBeNull();
    expect(refundRefusal(facts({ state: 'disputed', reportedByEngineer: false }))).toBe(
      DEAL_MESSAGES.refundDisputed,
    );
    expect(refundRefusal(facts({ state: 'disputed', reportedByEngineer: true, delivered: true }))).toBe(
      DEAL_MESSAGES.refundDisputed,
    );
  });
  it('ends at the first deliverable, at 24 hours, and once the money moved', () => {
    expect(refundRefusal(facts({ state: 'awaiting_decision', delivered: true }))).toBe(
      DEAL_MESSAGES.refundAfterDelivery,
    );
    expect(refundRefusal(facts({ state: 'revising', delivered: true }))).toBe(
      DEAL_MESSAGES.refundAfterDelivery,
    );
    expect(refundRefusal(facts({ now: new Date(paidAt.getTime() + 24 * 3600 * 1000) }))).toBe(
      PAYMENT_MESSAGES.refundWindowOver,
    );
    expect(refundRefusal(facts({ state: 'refunding' }))).toBe(DEAL_MESSAGES.refundUnderWay);
    expect(refundRefusal(facts({ state: 'refunded' }))).toBe(PAYMENT_MESSAGES.alreadyRefunded);
    expect(refundRefusal(facts({ state: 'released' }))).toBe(PAYMENT_MESSAGES.refundCompleted);
    expect(refundRefusal(facts({ state: 'split' }))).toBe(DEAL_MESSAGES.finished);
  });
});

describe('durations', () => {
  it('reads a number and a unit, and writes it back in words', () => {
    expect(parseDuration('14d')).toBe(1_209_600_000);
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('30m')).toBe(1_800_000);
    for (const bad of ['', '14', 'd', '0d', '-1d', '1.5d', '14 days', '1w'])
      expect(parseDuration(bad), bad).toBeNull();
    expect(describeDuration(1_209_600_000)).toBe('14 days');
    expect(describeDuration(90_000)).toBe('90 seconds');
    expect(describeDuration(3_600_000)).toBe('1 hour');
  });
  it('reminds at 7 and 13 days of 14', () => {
    expect(decisionRemindersLeft(1_209_600_000)).toEqual([604_800_000, 86_400_000]);
  });
});

describe('escrowStateOf', () => {
  it('holds the money while work goes on, and names where it went', () => {
    expect(['paid', 'awaiting_decision', 'revising'].map((s) => escrowStateOf(s as 'paid'))).toEqual([
      'held',
      'held',
      'held',
    ]);
    expect(escrowStateOf('disputed')).toBe('disputed');
    expect(escrowStateOf('split')).toBe('split');
  });
});

describe('settleBodySchema', () => {
  it('needs the engineer’s part for a split', () => {
    expect(settleBodySchema.safeParse({ outcome: 'split' }).error?.issues[0].message).toBe(
      DEAL_MESSAGES.splitAmount,
    );
    expect(settleBodySchema.safeParse({ outcome: 'split', engineer_cents: 0 }).success).toBe(false);
    expect(settleBodySchema.safeParse({ outcome: 'split', engineer_cents: 30000 }).success).toBe(true);
    expect(settleBodySchema.safeParse({ outcome: 'released' }).success).toBe(true);
    expect(settleBodySchema.safeParse({ outcome: 'maybe' }).error?.issues[0].message).toBe(
      DEAL_MESSAGES.chooseOutcome,
    );
  });
});

describe('the transition table', () => {
  const ops = Object.values(DEAL_TRANSITIONS);

  it('reaches every state from the payment, and every state that is not final has a way out', () => {
    const reached = new Set<string>(['paid']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of ops)
        for (const from of t.from)
          for (const to of t.to)
            if (reached.has(from) && !reached.has(to)) {
              reached.add(to);
              grew = true;
            }
    }
    expect([...reached].sort()).toEqual([...DEAL_STATES].sort());
    for (const state of DEAL_STATES) {
      const exits = ops.filter(
        (t) => (t.from as readonly string[]).includes(state) && t.to.some((s) => s !== state),
      );
      if (FINAL_DEAL_STATES.includes(state)) expect(exits, state).toEqual([]);
      else expect(exits.length, state).toBeGreaterThan(0);
    }
  });

  it('lets nobody but staff, the provider or the clock end a disputed deal', () => {
    const fromDisputed = Object.entries(DEAL_TRANSITIONS).filter(([, t]) =>
      (t.from as readonly string[]).includes('disputed'),
    );
    for (const [op, t] of fromDisputed)
      if (t.to.some((s) => FINAL_DEAL_STATES.includes(s as DealState) || s === 'refunding'))
        expect(['staff', 'provider', 'timer', 'client'], op).toContain(t.by);
    // The client's refund from a dispute is only the engineer-reported case inside the window.
    expect(dealAllows('refund', 'disputed')).toBe(true);
    expect(dealAllows('deliver', 'disputed')).toBe(false);
    expect(dealAllows('accept', 'disputed')).toBe(false);
  });

  it('is drawn in docs/DEALS.md exactly as the code has it', () => {
    const doc = readFileSync(new URL('../../../docs/DEALS.md', import.meta.url), 'utf8');
    expect(doc, 'regenerate the drawing in docs/DEALS.md from dealDiagram()').toContain(
      `\`\`\`mermaid\n${dealDiagram()}\n\`\`\``,
    );
  });
});
