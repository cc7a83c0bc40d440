import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('uses argon2id with m=19456, t=2, p=1 and a random salt', async () => {
    const a = await hashPassword('Rebar-Stamp-Plan-42');
    const b = await hashPassword('Rebar-Stamp-Plan-42');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Rebar-Stamp-Plan-42');
  });

  it('verifies the right password only, and treats a broken hash as a mismatch', async () => {
    const h = await hashPassword('Rebar-Stamp-Plan-42');
    expect(await verifyPassword(h, 'Rebar-Stamp-Plan-42')).toBe(true);
    expect(await verifyPassword(h, 'rebar-stamp-plan-42')).toBe(false);
    expect(await verifyPassword('x', 'anything')).toBe(false);
  });
});
