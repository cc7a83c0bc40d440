// Who may do what to a licence. Engineers manage their own; admins read any and decide
// pending ones; a verified licence is locked against its owner.
import { LICENSE_MESSAGES, type LicenseStatus } from '@app/shared';
import { conflict, forbidden } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';

export function canListLicenses(actor: Actor, ownerId: string): boolean {
  return (actor.id === ownerId && actor.role === 'engineer') || actor.role === 'admin';
}

export function assertLicenseReader(actor: Actor, ownerId: string): void {
  if (actor.id === ownerId && actor.role !== 'engineer' && actor.role !== 'admin')
    throw forbidden(LICENSE_MESSAGES.engineersOnly);
  authorize(canListLicenses(actor, ownerId), 'You can only view your own licenses.');
}

export function assertLicenseWriter(actor: Actor, ownerId: string): void {
  if (actor.role !== 'engineer') throw forbidden(LICENSE_MESSAGES.engineersOnly);
  if (actor.id !== ownerId) throw forbidden('You can only change your own licenses.');
}

/** A verified licence is the admin's decision: its owner can neither edit nor delete it. */
export function assertOwnerMayChange(status: LicenseStatus, action: 'edit' | 'delete'): void {
  if (status === 'verified')
    throw conflict(
      action === 'edit' ? LICENSE_MESSAGES.verifiedLockedEdit : LICENSE_MESSAGES.verifiedLockedDelete,
    );
}
