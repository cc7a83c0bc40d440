import { describe, expect, it } from 'vitest';
import {
  canAssignTicketTo,
  canDeleteTicket,
  canReadTicket,
  canReplyToTicket,
  isSupportStaff,
} from './support.policy.ts';

const owner = { id: 'u1', role: 'client' as const };
const stranger = { id: 'u2', role: 'engineer' as const };
const staff = { id: 'a1', role: 'admin' as const };
const ticket = { userId: 'u1' };

describe('support policy', () => {
  it('lets the owner and staff read and reply, nobody else', () => {
    expect(canReadTicket(owner, ticket)).toBe(true);
    expect(canReadTicket(staff, ticket)).toBe(true);
    expect(canReadTicket(stranger, ticket)).toBe(false);
    expect(canReplyToTicket(stranger, ticket)).toBe(false);
    // A ticket whose owner deleted their account belongs to nobody.
    expect(canReadTicket(owner, { userId: null })).toBe(false);
  });

  it('lets only the owner delete', () => {
    expect(canDeleteTicket(owner, ticket)).toBe(true);
    expect(canDeleteTicket(staff, ticket)).toBe(false);
    expect(canDeleteTicket(stranger, ticket)).toBe(false);
  });

  it('lets staff assign to themselves only', () => {
    expect(isSupportStaff(staff)).toBe(true);
    expect(isSupportStaff(owner)).toBe(false);
    expect(canAssignTicketTo(staff, 'a1')).toBe(true);
    expect(canAssignTicketTo(staff, 'a2')).toBe(false);
    expect(canAssignTicketTo(owner, 'u1')).toBe(false);
  });
});
