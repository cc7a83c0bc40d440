import { describe, expect, it } from 'vitest';
import { canReadRecord } from './record.policy.ts';

const deal = { clientId: 'c', engineerId: 'e' };

describe('canReadRecord', () => {
  it('lets the client, the hired engineer and admins read; nobody else', () => {
    expect(canReadRecord({ id: 'c', role: 'client' }, deal)).toBe(true);
    expect(canReadRecord({ id: 'e', role: 'engineer' }, deal)).toBe(true);
    expect(canReadRecord({ id: 'a', role: 'admin' }, deal)).toBe(true);
    expect(canReadRecord({ id: 'x', role: 'engineer' }, deal)).toBe(false);
    expect(canReadRecord({ id: 'y', role: 'client' }, deal)).toBe(false);
  });

  it('has no engineer to admit before one is hired', () => {
    expect(canReadRecord({ id: 'e', role: 'engineer' }, { clientId: 'c', engineerId: null })).toBe(false);
  });
});
