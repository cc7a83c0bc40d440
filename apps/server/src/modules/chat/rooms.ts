// The deal's chat room, opened and closed by the payment operations inside their own
// transactions (complete-checkout, complete-refund). The chat feature builds the inbox,
// messages and sockets on these rows.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type ChatRoomRow, chatRooms } from '../../db/schema/index.ts';

type Deal = { projectId: string; clientId: string; engineerId: string; title: string };

/** Opens the room of a deal, or reopens it when the same two people deal on the project again. */
export async function openDealRoom(tx: DbOrTx, deal: Deal): Promise<ChatRoomRow> {
  const now = new Date();
  const [row] = await tx
    .insert(chatRooms)
    .values({ ...deal, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [chatRooms.projectId, chatRooms.clientId, chatRooms.engineerId],
      set: { closedAt: null, updatedAt: sql`now()` },
    })
    .returning();
  return row;
}

/** Closes the deal's room to new messages (its history stays). */
export async function closeDealRoom(tx: DbOrTx, deal: Omit<Deal, 'title'>): Promise<ChatRoomRow | undefined> {
  const [row] = await tx
    .update(chatRooms)
    .set({ closedAt: new Date() })
    .where(
      and(
        eq(chatRooms.projectId, deal.projectId),
        eq(chatRooms.clientId, deal.clientId),
        eq(chatRooms.engineerId, deal.engineerId),
      ),
    )
    .returning();
  return row;
}
