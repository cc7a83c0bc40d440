import { describe, expect, it } from 'vitest';
import {
  assertAccountReader,
  assertAccountWriter,
  canReadAccount,
  canWriteAccount,
} from './accounts.policy.ts';

const engineer = { id: 'e1', role: 'engineer' as const };
const other = { id: 'e2', role: 'engineer' as const };
const client = { id: 'c1', role: 'client' as const };
const admin = { id: 'a1', role: 'admin' as const };

describe('account policy', () => {
  it('lets the owner read and write, an admin only read, others neither', () => {
    expect(canReadAccount(engineer, 'e1')).toBe(true);
    expect(canWriteAccount(engineer, 'e1')).toBe(true);
    expect(canReadAccount(admin, 'e1')).toBe(true);
    expect(canWriteAccount(admin, 'e1')).toBe(false);
    expect(canReadAccount(other, 'e1')).toBe(false);
    expect(canWriteAccount(client, 'e1')).toBe(false);
  });
  it('keeps each kind of account to its role', () => {
    expect(() => assertAccountWriter(engineer, 'e1', 'engineer')).not.toThrow();
    expect(() => assertAccountWriter(client, 'c1', 'engineer')).toThrow(
      'Only engineers have an engineer account.',
    );
    expect(() => assertAccountWriter(engineer, 'e1', 'client')).toThrow(
      'Only clients have a client account.',
    );
    expect(() => assertAccountWriter(other, 'e1', 'engineer')).toThrow(
      'You can only change your own account.',
    );
    expect(() => assertAccountReader(admin, 'e1', 'engineer')).not.toThrow();
    expect(() => assertAccountReader(other, 'e1', 'engineer')).toThrow('You can only view your own account.');
  });
});
