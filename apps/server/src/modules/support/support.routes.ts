import {
  createTicketSchema,
  idParamsSchema,
  messageSchema,
  SUPPORT_MESSAGES,
  ticketListQuerySchema,
  ticketPageSchema,
  ticketReplyInputSchema,
  ticketReplySchema,
  ticketSchema,
  updateTicketSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthenticated } from '../../lib/errors.ts';
import { currentUser, optionalUser, requireRole, requireUser } from '../access/index.ts';
import {
  addReply,
  assignTicket,
  type Caller,
  createTicket,
  deleteTicket,
  getTicket,
  listMyTickets,
  listReplies,
  listTickets,
  updateTicketStatus,
} from './support.service.ts';

const caller = (req: FastifyRequest): Caller => {
  const u = currentUser(req);
  return { id: u.id, role: u.role, fullName: u.fullName, email: u.email };
};

/** docs/PRODUCT.md#messages: a visitor who is not signed in is told exactly that. */
async function requireUserForTicket(req: FastifyRequest) {
  await optionalUser(req);
  if (!req.user) throw unauthenticated(SUPPORT_MESSAGES.signInRequired);
}

const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['support'];
  const security = [{ bearer: [] }];
  const staffOnly = requireRole('admin');

  app.post(
    '/support',
    {
      onRequest: requireUserForTicket,
      schema: {
        tags,
        security,
        summary: 'Open a support ticket (name and e-mail come from the session)',
        body: createTicketSchema,
        response: { 201: ticketSchema },
      },
    },
    async (req, reply) => {
      const ticket = await createTicket(app.ctx, { userId: currentUser(req).id, ...req.body });
      return reply.status(201).send(await getTicket(app.ctx, caller(req), ticket.id));
    },
  );

  app.get(
    '/support/my-tickets',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: "The caller's tickets, newest first",
        response: { 200: z.array(ticketSchema) },
      },
    },
    async (req) => listMyTickets(app.ctx, caller(req)),
  );

  app.get(
    '/support',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'Staff: every ticket, searched, filtered by status and priority, paged',
        querystring: ticketListQuerySchema,
        response: { 200: ticketPageSchema },
      },
    },
    async (req) => listTickets(app.ctx, caller(req), req.query),
  );

  app.get(
    '/support/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'One ticket (its owner or staff)',
        params: idParamsSchema,
        response: { 200: ticketSchema },
      },
    },
    async (req) => getTicket(app.ctx, caller(req), req.params.id),
  );

  app.put(
    '/support/:id',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'Staff: assign an unassigned ticket to yourself, or change its status',
        description:
          'Send `{assigned_to_id, support_name}` with your own id to take the ticket (409 when someone already has it), or `{status}`.',
        params: idParamsSchema,
        body: updateTicketSchema,
        response: { 200: ticketSchema },
      },
    },
    async (req) => {
      const { assigned_to_id, status } = req.body;
      if (assigned_to_id) return assignTicket(app.ctx, caller(req), req.params.id, assigned_to_id);
      return updateTicketStatus(app.ctx, caller(req), req.params.id, status!);
    },
  );

  app.delete(
    '/support/:id',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete one of your tickets with its conversation',
        params: idParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await deleteTicket(app.ctx, caller(req), req.params.id);
      return { message: SUPPORT_MESSAGES.deleted };
    },
  );

  app.get(
    '/support/:id/replies',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary: "A ticket's conversation, oldest first (its owner or staff)",
        params: idParamsSchema,
        response: { 200: z.array(ticketReplySchema) },
      },
    },
    async (req) => listReplies(app.ctx, caller(req), req.params.id),
  );

  app.post(
    '/support/:id/replies',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Reply to a ticket (its people or staff), with a file uploaded as kind ticket_attachment if wanted; the others are notified',
        params: idParamsSchema,
        body: ticketReplyInputSchema,
        response: { 201: ticketReplySchema },
      },
    },
    async (req, reply) => {
      const created = await addReply(app.ctx, caller(req), req.params.id, req.body);
      return reply.status(201).send(created);
    },
  );
};
export default supportRoutes;
