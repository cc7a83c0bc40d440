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
const deal = (projectStatus: Deal['projectStatus']): Deal => ({
  clientId: 'c',
  engineerId: 'e',
  projectStatus,
});
const pending = { engineerId: 'e', clientAcceptance: null };

describe('submission policy', () => {
  it('lets the two parties and admins read, nobody else', () => {
    for (const a of [client, engineer, admin]) expect(canReadSubmissions(a, deal('inprogress'))).toBe(true);
    for (const a of [otherClient, otherEngineer])
      expect(canReadSubmissions(a, deal('inprogress'))).toBe(false);
    // Before a deal there is no engineer: a lookalike null id never matches.
    expect(canReadSubmissions(engineer, { clientId: 'c', engineerId: null, projectStatus: 'open' })).toBe(
      false,
    );
  });

  it('lets only the hired engineer submit, only while assigned or in progress', () => {
    expect(canSubmit(engineer, deal('assigned'))).toBe(true);
    expect(canSubmit(engineer, deal('inprogress'))).toBe(true);
    for (const s of ['open', 'completed', 'problem', 'closed'] as const)
      expect(canSubmit(engineer, deal(s))).toBe(false);
    for (const a of [client, otherEngineer, admin]) expect(canSubmit(a, deal('inprogress'))).toBe(false);
  });

  it('lets the engineer edit only a pending version of their own', () => {
    expect(canUpdateSubmission(engineer, deal('inprogress'), pending)).toBe(true);
    expect(canUpdateSubmission(engineer, deal('inprogress'), { ...pending, clientAcceptance: false })).toBe(
      false,
    );
    expect(canUpdateSubmission(engineer, deal('inprogress'), { ...pending, clientAcceptance: true })).toBe(
      false,
    );
    expect(canUpdateSubmission(engineer, deal('problem'), pending)).toBe(false);
    expect(canUpdateSubmission(client, deal('inprogress'), pending)).toBe(false);
  });

  it('lets only the owner decide, once, while the project is being worked on', () => {
    expect(canDecideSubmission(client, deal('inprogress'), pending)).toBe(true);
    expect(canDecideSubmission(client, deal('inprogress'), { clientAcceptance: true })).toBe(false);
    expect(canDecideSubmission(client, deal('problem'), pending)).toBe(false);
    expect(canDecideSubmission(client, deal('completed'), pending)).toBe(false);
    for (const a of [engineer, otherClient, admin])
      expect(canDecideSubmission(a, deal('inprogress'), pending)).toBe(false);
  });
});
