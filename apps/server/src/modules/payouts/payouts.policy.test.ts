import { describe, expect, it } from 'vitest';
import { canReadWallet } from './payouts.policy.ts';

describe('wallet policy', () => {
  it('lets the engineer and admins read a wallet, nobody else', () => {
    expect(canReadWallet({ id: 'e', role: 'engineer' }, 'e')).toBe(true);
    expect(canReadWallet({ id: 'a', role: 'admin' }, 'e')).toBe(true);
    expect(canReadWallet({ id: 'e2', role: 'engineer' }, 'e')).toBe(false);
    expect(canReadWallet({ id: 'c', role: 'client' }, 'e')).toBe(false);
  });
});
