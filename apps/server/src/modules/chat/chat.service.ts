// Chat rules. For now only the unread count the header badge reads.
import type { AppContext } from '../../context.ts';

/**
 * How many chat messages sent to `userId` they have not read yet.
 * There is no messages table yet, so nobody has unread messages: the chat feature replaces
 * this body with a count over its messages (receiver = userId, not read).
 */
export async function countUnreadMessages(_ctx: AppContext, _userId: string): Promise<number> {
  return 0;
}
