import { describe, expect, it } from 'vitest';
import { canReadReceipt, canReadStatement } from './statements.policy.ts';

const client = { id: 'c1', role: 'client' as const };
const otherClient = { id: 'c2', role: 'client' as const };
const engineer = { id: 'e1', role: 'engineer' as const };
const admin = { id: 'a1', role: 'admin' as const };

describe('statements policy', () => {
  it('gives a receipt to the client who paid and to staff only', () => {
    const payment = { customerId: 'c1' };
    expect(canReadReceipt(client, payment)).toBe(true);
    expect(canReadReceipt(admin, payment)).toBe(true);
    expect(canReadReceipt(otherClient, payment)).toBe(false);
    expect(canReadReceipt(engineer, payment)).toBe(false);
  });

  it('gives a statement to that engineer and to staff only', () => {
    expect(canReadStatement(engineer, 'e1')).toBe(true);
    expect(canReadStatement(admin, 'e1')).toBe(true);
    expect(canReadStatement({ id: 'e2', role: 'engineer' }, 'e1')).toBe(false);
    expect(canReadStatement(client, 'e1')).toBe(false);
  });
});
