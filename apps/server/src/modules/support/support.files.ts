// Who may open a ticket attachment besides its uploader and admins: the ticket's people (its
// customer and, for a dispute, the deal's other party). file.subjectId is the reply.
import { eq } from 'drizzle-orm';
import { supportTicketReplies, supportTickets } from '../../db/schema/index.ts';
import type { FileReadRule } from '../files/index.ts';
import { isTicketPerson } from './support.policy.ts';

export const ticketAttachmentReaders: FileReadRule = async (ctx, reader, file) => {
  if (!file.subjectId) return false;
  const [ticket] = await ctx.db
    .select({ userId: supportTickets.userId, counterpartId: supportTickets.counterpartId })
    .from(supportTicketReplies)
    .innerJoin(supportTickets, eq(supportTickets.id, supportTicketReplies.ticketId))
    .where(eq(supportTicketReplies.id, file.subjectId));
  return !!ticket && isTicketPerson(reader, ticket);
};
