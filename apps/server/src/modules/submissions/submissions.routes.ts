// /api/submissions (docs/PRODUCT.md#api), reading: a project's versions and an engineer's. Sending,
// editing and deciding are deal operations (modules/deals/deals.routes.ts).
import {
  idParamsSchema,
  idSchema,
  projectSubmissionsSchema,
  SUBMISSION_MESSAGES,
  submissionListQuerySchema,
  submissionListSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../access/index.ts';
import { listEngineerSubmissions, listProjectSubmissions } from './submissions.service.ts';

const caller = (req: FastifyRequest) => {
  const u = currentUser(req);
  return { id: u.id, role: u.role };
};
const projectIdParams = z.object({ projectId: idSchema(SUBMISSION_MESSAGES.projectNotFound) });

const submissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['submissions'];
  const security = [{ bearer: [] }];

  app.get(
    '/submissions/project/:projectId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "A project's submissions, filtered (all/pending/accepted/rejected) and sorted (newest/oldest), with whether the caller may send one (the client, the hired engineer and admins)",
        params: projectIdParams,
        querystring: submissionListQuerySchema,
        response: { 200: projectSubmissionsSchema },
      },
    },
    async (req) => listProjectSubmissions(app.ctx, caller(req), req.params.projectId, req.query),
  );

  app.get(
    '/submissions/engineer/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Every submission an engineer sent, across projects (that engineer or an admin)',
        params: idParamsSchema,
        querystring: submissionListQuerySchema,
        response: { 200: submissionListSchema },
      },
    },
    async (req) => listEngineerSubmissions(app.ctx, caller(req), req.params.id, req.query),
  );
};

export default submissionRoutes;
