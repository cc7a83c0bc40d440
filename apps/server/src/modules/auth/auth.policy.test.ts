import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/policy.ts';
import { canManageAccount } from './auth.policy.ts';

const client: Actor = { id: 'c1', role: 'client' };
const admin: Actor = { id: 'a1', role: 'admin' };

describe('auth policy', () => {
  it('lets only the owner manage an account, whatever id is in the path', () => {
    expect(canManageAccount(client, 'c1')).toBe(true);
    expect(canManageAccount(client, 'c2')).toBe(false);
    // Admins manage their own account only, not others'.
    expect(canManageAccount(admin, 'c1')).toBe(false);
  });
});
