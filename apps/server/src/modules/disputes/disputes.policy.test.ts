import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/policy.ts';
import { canReadDispute, canReportProblem, canResolveDispute } from './disputes.policy.ts';

const client: Actor = { id: 'c', role: 'client' };
const engineer: Actor = { id: 'e', role: 'engineer' };
const admin: Actor = { id: 'a', role: 'admin' };
const other: Actor = { id: 'o', role: 'engineer' };
const deal = (projectStatus: 'open' | 'assigned' | 'inprogress' | 'completed' | 'problem' | 'closed') => ({
  clientId: 'c',
  engineerId: 'e',
  projectStatus,
});

describe('dispute policy', () => {
  it('lets either party report while the project is under way', () => {
    for (const s of ['assigned', 'inprogress'] as const) {
      expect(canReportProblem(client, deal(s))).toBe(true);
      expect(canReportProblem(engineer, deal(s))).toBe(true);
      expect(canReportProblem(other, deal(s))).toBe(false);
      expect(canReportProblem(admin, deal(s))).toBe(false);
    }
    for (const s of ['open', 'completed', 'problem', 'closed'] as const)
      expect(canReportProblem(client, deal(s))).toBe(false);
  });

  it('lets the parties and staff read, and only staff settle an open one', () => {
    expect(canReadDispute(client, deal('problem'))).toBe(true);
    expect(canReadDispute(admin, deal('problem'))).toBe(true);
    expect(canReadDispute(other, deal('problem'))).toBe(false);
    expect(canResolveDispute(admin, { status: 'open' })).toBe(true);
    expect(canResolveDispute(admin, { status: 'released' })).toBe(false);
    expect(canResolveDispute(client, { status: 'open' })).toBe(false);
  });
});
