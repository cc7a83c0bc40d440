import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/policy.ts';
import { canReadDispute, canResolveDispute, canWithdrawDispute } from './disputes.policy.ts';

const client: Actor = { id: 'c', role: 'client' };
const engineer: Actor = { id: 'e', role: 'engineer' };
const admin: Actor = { id: 'a', role: 'admin' };
const other: Actor = { id: 'o', role: 'engineer' };
const deal = { clientId: 'c', engineerId: 'e' };

describe('dispute policy', () => {
  it('lets the parties and staff read, and only staff settle an open one', () => {
    expect(canReadDispute(client, deal)).toBe(true);
    expect(canReadDispute(engineer, deal)).toBe(true);
    expect(canReadDispute(admin, deal)).toBe(true);
    expect(canReadDispute(other, deal)).toBe(false);
    expect(canReadDispute(other, { clientId: 'c', engineerId: null })).toBe(false);
    expect(canResolveDispute(admin, { status: 'open' })).toBe(true);
    expect(canResolveDispute(admin, { status: 'released' })).toBe(false);
    expect(canResolveDispute(client, { status: 'open' })).toBe(false);
  });

  it('lets only its reporter withdraw it, while open', () => {
    expect(canWithdrawDispute(engineer, { status: 'open', reportedBy: 'e' })).toBe(true);
    expect(canWithdrawDispute(client, { status: 'open', reportedBy: 'e' })).toBe(false);
    expect(canWithdrawDispute(admin, { status: 'open', reportedBy: 'e' })).toBe(false);
    expect(canWithdrawDispute(engineer, { status: 'split', reportedBy: 'e' })).toBe(false);
  });
});
