// Who may touch which account: only its owner, whatever id is in the path.
import type { Actor } from '../../lib/policy.ts';

export function canManageAccount(caller: Pick<Actor, 'id'>, accountId: string): boolean {
  return caller.id === accountId;
}
