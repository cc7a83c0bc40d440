// Who may read or change an engineer or client account. An id in a path grants nothing:
// the caller must be the account's owner (admins may read, never write).
import { ACCOUNT_MESSAGES } from '@app/shared';
import { forbidden } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';

export function canReadAccount(actor: Actor, ownerId: string): boolean {
  return actor.id === ownerId || actor.role === 'admin';
}

export function canWriteAccount(actor: Actor, ownerId: string): boolean {
  return actor.id === ownerId;
}

/** Throws the message a user should read when the caller may not write that kind of account. */
export function assertAccountWriter(actor: Actor, ownerId: string, kind: 'engineer' | 'client'): void {
  authorize(canWriteAccount(actor, ownerId), ACCOUNT_MESSAGES.ownOnly);
  if (actor.role !== kind)
    throw forbidden(kind === 'engineer' ? ACCOUNT_MESSAGES.engineersOnly : ACCOUNT_MESSAGES.clientsOnly);
}

export function assertAccountReader(actor: Actor, ownerId: string, kind: 'engineer' | 'client'): void {
  authorize(canReadAccount(actor, ownerId), 'You can only view your own account.');
  if (actor.id === ownerId && actor.role !== kind)
    throw forbidden(kind === 'engineer' ? ACCOUNT_MESSAGES.engineersOnly : ACCOUNT_MESSAGES.clientsOnly);
}
