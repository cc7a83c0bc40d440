import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/policy.ts';
import { canListProjectProposals } from '../projects/projects.policy.ts';
import {
  canChangeProposal,
  canDecideProposal,
  canInviteTo,
  canProposeAs,
  canReadProposal,
} from './proposals.policy.ts';

const engineer: Actor = { id: 'e1', role: 'engineer' };
const otherEngineer: Actor = { id: 'e2', role: 'engineer' };
const client: Actor = { id: 'c1', role: 'client' };
const admin: Actor = { id: 'a1', role: 'admin' };
const project = { customerId: 'c1' };
const pending = { engineerId: 'e1', status: 'pending' as const };

describe('proposals policy', () => {
  it('lets engineers propose only as themselves', () => {
    expect(canProposeAs(engineer, 'e1')).toBe(true);
    expect(canProposeAs(engineer, 'e2')).toBe(false);
    expect(canProposeAs(client, 'c1')).toBe(false);
  });
  it('shows a proposal to its engineer and the project owner only', () => {
    expect(canReadProposal(engineer, pending, project)).toBe(true);
    expect(canReadProposal(client, pending, project)).toBe(true);
    expect(canReadProposal(otherEngineer, pending, project)).toBe(false);
    expect(canReadProposal(admin, pending, project)).toBe(false);
  });
  it('lists and decides a project’s proposals for its owner only', () => {
    expect(canListProjectProposals(client, project)).toBe(true);
    expect(canListProjectProposals(engineer, project)).toBe(false);
    expect(canDecideProposal(client, project)).toBe(true);
    expect(canDecideProposal({ id: 'c2', role: 'client' }, project)).toBe(false);
  });
  it('lets the engineer change a proposal only while it is pending', () => {
    expect(canChangeProposal(engineer, pending)).toBe(true);
    expect(canChangeProposal(engineer, { ...pending, status: 'accepted' })).toBe(false);
    expect(canChangeProposal(otherEngineer, pending)).toBe(false);
  });
  it('lets only the owning client invite', () => {
    expect(canInviteTo(client, project)).toBe(true);
    expect(canInviteTo({ id: 'c1', role: 'engineer' }, project)).toBe(false);
    expect(canInviteTo({ id: 'c2', role: 'client' }, project)).toBe(false);
  });
});
