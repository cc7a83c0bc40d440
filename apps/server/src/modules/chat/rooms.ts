// The deal's chat room, opened and closed by the payment operations inside their own
// transactions (complete-checkout, complete-refund). The chat feature builds the inbox,
// messages and sockets on these rows.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type ChatRoomRow, chatRooms } from '../../db/schema/index.ts';

type Deal = { projectId: string; clientId: string; engineerId: string; title: string };

/**
 * Opens the room of a deal, or reopens it when the same two people deal on the project
 * again (`at`: when the deal was made). Opening an open room changes nothing.
 */
export async function openDealRoom(tx: DbOrTx, deal: Deal, at = new Date()): Promise<ChatRoomRow> {
  const [row] = await tx
    .insert(chatRooms)
    .values({
      projectId: deal.projectId,
      clientId: deal.clientId,
      engineerId: deal.engineerId,
      title: deal.title,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [chatRooms.projectId, chatRooms.clientId, chatRooms.engineerId],
      set: {
        closedAt: null,
        updatedAt: sql`case when ${chatRooms.closedAt} is null then ${chatRooms.updatedAt} else excluded.updated_at end`,
      },
    })
    .returning();
  return row;
}

/** Closes the deal's room to new messages (its history stays). */
export async function closeDealRoom(
  tx: DbOrTx,
  deal: Omit<Deal, 'title'>,
  at = new Date(),
): Promise<ChatRoomRow | undefined> {
  const [row] = await tx
    .update(chatRooms)
    .set({ closedAt: at })
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
