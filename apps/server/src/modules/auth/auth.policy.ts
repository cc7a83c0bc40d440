// Who may touch which account: only its owner, whatever id is in the path.
import type { Actor } from '../../lib/policy.ts';

/** Deleting one's own account from the profile: not for staff accounts (another admin removes them). */
export const canDeleteOwnAccount = (caller: Pick<Actor, 'role'>): boolean => caller.role !== 'admin';

export function canManageAccount(caller: Pick<Actor, 'id'>, accountId: string): boolean {
  return caller.id === accountId;
}
