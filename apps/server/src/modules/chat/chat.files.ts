// Who may open a chat attachment besides its sender and admins: the other member of the
// room the message was sent in (file.subjectId is the message).
import { eq } from 'drizzle-orm';
import { chatMessages, chatRooms } from '../../db/schema/index.ts';
import type { FileReadRule } from '../files/index.ts';

export const chatAttachmentReaders: FileReadRule = async (ctx, reader, file) => {
  if (!file.subjectId) return false;
  const [room] = await ctx.db
    .select({ clientId: chatRooms.clientId, engineerId: chatRooms.engineerId })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .where(eq(chatMessages.id, file.subjectId));
  return !!room && (reader.id === room.clientId || reader.id === room.engineerId);
};
