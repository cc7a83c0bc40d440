import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/policy.ts';
import { canCheckRating, canListSharedProjects, canRate, type RatedDeal } from './ratings.policy.ts';

const client: Actor = { id: 'c', role: 'client' };
const engineer: Actor = { id: 'e', role: 'engineer' };
const admin: Actor = { id: 'a', role: 'admin' };
const stranger: Actor = { id: 's', role: 'client' };
const deal = (projectStatus: RatedDeal['projectStatus']): RatedDeal => ({
  clientId: 'c',
  engineerId: 'e',
  projectStatus,
});

describe('rating policy', () => {
  it('lets the two parties of a completed project rate each other, and nobody else', () => {
    expect(canRate(client, deal('completed'), 'e')).toBe(true);
    expect(canRate(engineer, deal('completed'), 'c')).toBe(true);
    expect(canRate(client, deal('completed'), 'c')).toBe(false);
    expect(canRate(client, deal('completed'), 's')).toBe(false);
    expect(canRate(stranger, deal('completed'), 'e')).toBe(false);
    expect(canRate(admin, deal('completed'), 'e')).toBe(false);
  });

  it('waits for completion', () => {
    for (const s of ['open', 'assigned', 'inprogress', 'problem', 'closed'] as const) {
      expect(canRate(client, deal(s), 'e')).toBe(false);
      expect(canRate(engineer, deal(s), 'c')).toBe(false);
    }
    expect(canRate(client, { clientId: 'c', engineerId: null, projectStatus: 'completed' }, 'e')).toBe(false);
  });

  it('lets only the sender or an admin check, and only the parties list shared projects', () => {
    expect(canCheckRating(client, 'c')).toBe(true);
    expect(canCheckRating(admin, 'c')).toBe(true);
    expect(canCheckRating(engineer, 'c')).toBe(false);
    expect(canListSharedProjects(client, 'c', 'e')).toBe(true);
    expect(canListSharedProjects(engineer, 'c', 'e')).toBe(true);
    expect(canListSharedProjects(admin, 'c', 'e')).toBe(true);
    expect(canListSharedProjects(stranger, 'c', 'e')).toBe(false);
  });
});
