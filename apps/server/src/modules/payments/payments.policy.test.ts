import { describe, expect, it } from 'vitest';
import {
  canListAllPayments,
  canPayForProject,
  canReadUserPayments,
  canRequestRefund,
} from './payments.policy.ts';

const client = { id: 'c1', role: 'client' as const };
const other = { id: 'c2', role: 'client' as const };
const engineer = { id: 'e1', role: 'engineer' as const };
const admin = { id: 'a1', role: 'admin' as const };

describe('payments policy', () => {
  it('lets only the owning client pay for a project', () => {
    expect(canPayForProject(client, { customerId: 'c1' })).toBe(true);
    expect(canPayForProject(other, { customerId: 'c1' })).toBe(false);
    expect(canPayForProject(admin, { customerId: 'c1' })).toBe(false);
    // An engineer never pays, even for a row that names them.
    expect(canPayForProject(engineer, { customerId: 'e1' })).toBe(false);
  });
  it('shows a payment history to its user and to admins', () => {
    expect(canReadUserPayments(client, 'c1')).toBe(true);
    expect(canReadUserPayments(other, 'c1')).toBe(false);
    expect(canReadUserPayments(engineer, 'c1')).toBe(false);
    expect(canReadUserPayments(admin, 'c1')).toBe(true);
  });
  it('lists all payments to admins only', () => {
    expect(canListAllPayments(admin)).toBe(true);
    expect(canListAllPayments(client)).toBe(false);
    expect(canListAllPayments(engineer)).toBe(false);
  });
  it('lets only the payer ask for a refund', () => {
    expect(canRequestRefund(client, { customerId: 'c1' })).toBe(true);
    expect(canRequestRefund(other, { customerId: 'c1' })).toBe(false);
    expect(canRequestRefund(admin, { customerId: 'c1' })).toBe(false);
  });
});
