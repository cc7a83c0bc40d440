// /api/submissions (spec §7): the engineer's versions of the deliverable and the client's
// decision on them. Routes parse and call; the rules are in the service and decide-submission.ts.
import {
  createSubmissionBodySchema,
  decideSubmissionBodySchema,
  idParamsSchema,
  projectSubmissionsSchema,
  SUBMISSION_MESSAGES,
  submissionListQuerySchema,
  submissionListSchema,
  submissionSchema,
  updateSubmissionBodySchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../auth/guards.ts';
import { decideSubmission } from './decide-submission.ts';
import {
  createSubmission,
  listEngineerSubmissions,
  listProjectSubmissions,
  updateSubmission,
} from './submissions.service.ts';

const caller = (req: FastifyRequest) => {
  const u = currentUser(req);
  return { id: u.id, role: u.role };
};
const projectIdParams = z.object({
  projectId: z.string().uuid({ message: SUBMISSION_MESSAGES.projectNotFound }),
});

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

  app.post(
    '/submissions',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "Submit a version of the stamped deliverable (the hired engineer, as themselves): `attachments` is the caller's own PDF uploaded with POST /api/files?kind=deliverable",
        body: createSubmissionBodySchema,
        response: { 201: submissionSchema },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return createSubmission(app.ctx, caller(req), req.body);
    },
  );

  app.put(
    '/submissions/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Edit a pending submission (its engineer); left-out fields stay',
        params: idParamsSchema,
        body: updateSubmissionBodySchema,
        response: { 200: submissionSchema },
      },
    },
    async (req) => updateSubmission(app.ctx, caller(req), req.params.id, req.body),
  );

  app.patch(
    '/submissions/:id/approve',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "Accept (client_acceptance true: the escrow is released 80/20 and the project completed) or reject (false, with an optional comment) a pending submission (the project's owner)",
        params: idParamsSchema,
        body: decideSubmissionBodySchema,
        response: { 200: submissionSchema },
      },
    },
    async (req) =>
      decideSubmission(app.ctx, caller(req), req.params.id, {
        accept: req.body.client_acceptance,
        comment: req.body.comment,
      }),
  );
};

export default submissionRoutes;
