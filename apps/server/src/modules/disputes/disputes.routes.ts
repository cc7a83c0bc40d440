// Problems on a project (disputes): reported by the client or the engineer from the project
// page, settled by staff from the support desk. Routes parse and call.
import {
  disputeSchema,
  idParamsSchema,
  reportProblemBodySchema,
  resolveDisputeBodySchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole, requireUser } from '../auth/guards.ts';
import { projectDispute, ticketDispute } from './disputes.service.ts';
import { reportProblem } from './report-problem.ts';
import { resolveDispute } from './resolve-dispute.ts';

const caller = (req: FastifyRequest) => {
  const u = currentUser(req);
  return { id: u.id, role: u.role, fullName: u.fullName };
};
const ticketParams = z.object({ ticketId: z.string().uuid({ message: 'Invalid id.' }) });

const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['disputes'];
  const security = [{ bearer: [] }];

  app.post(
    '/projects/:id/problem',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Report a problem on a project under way (its client or hired engineer): the project becomes problem, its payment is frozen and a support ticket is opened',
        params: idParamsSchema,
        body: reportProblemBodySchema,
        response: { 201: disputeSchema },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return reportProblem(app.ctx, caller(req), req.params.id, req.body.description);
    },
  );

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

  app.post(
    '/disputes/:id/resolve',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags,
        security,
        summary:
          'Settle an open problem (staff): outcome released (the escrow to the engineer 80/20, the project completed) or refunded (a full refund to the client, the project closed)',
        params: idParamsSchema,
        body: resolveDisputeBodySchema,
        response: { 200: disputeSchema },
      },
    },
    async (req) => resolveDispute(app.ctx, caller(req), req.params.id, req.body),
  );
};

export default disputeRoutes;
