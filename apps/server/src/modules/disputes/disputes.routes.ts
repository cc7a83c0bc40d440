// Problems on a project (disputes), reading: for the project page and the support desk.
// Reporting, withdrawing and settling are deal operations (modules/deals/deals.routes.ts).
import { disputeSchema, idParamsSchema, idSchema } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole, requireUser } from '../access/index.ts';
import { projectDispute, ticketDispute } from './disputes.service.ts';

const caller = (req: FastifyRequest) => {
  const u = currentUser(req);
  return { id: u.id, role: u.role, fullName: u.fullName };
};
const ticketParams = z.object({ ticketId: idSchema() });

const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['disputes'];
  const security = [{ bearer: [] }];

  app.get(
    '/projects/:id/dispute',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The project's latest problem report, or null (its client, its engineer and staff)",
        params: idParamsSchema,
        response: { 200: disputeSchema.nullable() },
      },
    },
    async (req) => projectDispute(app.ctx, caller(req), req.params.id),
  );

  app.get(
    '/disputes/ticket/:ticketId',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags,
        security,
        summary: 'The problem report a support ticket was opened for, or null (staff)',
        params: ticketParams,
        response: { 200: disputeSchema.nullable() },
      },
    },
    async (req) => ticketDispute(app.ctx, caller(req), req.params.ticketId),
  );
};

export default disputeRoutes;
