// Who may touch which account: only its owner, whatever id is in the path.
import type { UserRow } from '../../db/schema/index.ts';

export function canManageAccount(caller: Pick<UserRow, 'id'>, accountId: string): boolean {
  return caller.id === accountId;
}
