import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/policy.ts';
import {
  canDecideSubmission,
  canReadSubmissions,
  canSubmit,
  canUpdateSubmission,
  type Deal,
} from './submissions.policy.ts';

const client: Actor = { id: 'c', role: 'client' };
const engineer: Actor = { id: 'e', role: 'engineer' };
const otherEngineer: Actor = { id: 'e2', role: 'engineer' };
const otherClient: Actor = { id: 'c2', role: 'client' };
const admin: Actor = { id: 'a', role: 'admin' };
const deal = (state: Deal['state']): Deal => ({ clientId: 'c', engineerId: 'e', state });
const pending = { engineerId: 'e', clientAcceptance: null };

describe('submission policy', () => {
  it('lets the two parties and admins read, nobody else', () => {
    for (const a of [client, engineer, admin])
      expect(canReadSubmissions(a, deal('awaiting_decision'))).toBe(true);
    for (const a of [otherClient, otherEngineer])
      expect(canReadSubmissions(a, deal('awaiting_decision'))).toBe(false);
    // Before a deal there is no engineer: a lookalike null id never matches.
    expect(canReadSubmissions(engineer, { clientId: 'c', engineerId: null, state: null })).toBe(false);
  });

  it('lets only the hired engineer submit, while the deal takes a deliverable', () => {
    expect(canSubmit(engineer, deal('paid'))).toBe(true);
    expect(canSubmit(engineer, deal('revising'))).toBe(true);
    for (const s of ['awaiting_decision', 'disputed', 'refunding', 'released', 'refunded', 'split'] as const)
      expect(canSubmit(engineer, deal(s)), s).toBe(false);
    expect(canSubmit(engineer, deal(null))).toBe(false);
    for (const a of [client, otherEngineer, admin]) expect(canSubmit(a, deal('paid'))).toBe(false);
  });

  it('lets the engineer edit only a pending version of their own, while it waits', () => {
    expect(canUpdateSubmission(engineer, deal('awaiting_decision'), pending)).toBe(true);
    expect(
      canUpdateSubmission(engineer, deal('awaiting_decision'), { ...pending, clientAcceptance: false }),
    ).toBe(false);
    expect(canUpdateSubmission(engineer, deal('disputed'), pending)).toBe(false);
    expect(canUpdateSubmission(client, deal('awaiting_decision'), pending)).toBe(false);
  });

  it('lets only the owner decide, once, while a deliverable waits', () => {
    expect(canDecideSubmission(client, deal('awaiting_decision'), pending)).toBe(true);
    expect(canDecideSubmission(client, deal('awaiting_decision'), { clientAcceptance: true })).toBe(false);
    expect(canDecideSubmission(client, deal('disputed'), pending)).toBe(false);
    expect(canDecideSubmission(client, deal('released'), pending)).toBe(false);
    for (const a of [engineer, otherClient, admin])
      expect(canDecideSubmission(a, deal('awaiting_decision'), pending)).toBe(false);
  });
});
