import {
  createProjectBodySchema,
  customerProjectSchema,
  engineerProjectSchema,
  idParamsSchema,
  messageSchema,
  PROJECT_MESSAGES,
  projectClientIdParamsSchema,
  projectDetailSchema,
  projectListQuerySchema,
  projectListSchema,
  projectSchema,
  projectStatusFilterQuerySchema,
  updateProjectBodySchema,
  userIdParamsSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../../lib/policy.ts';
import { currentUser, optionalUser, requireUser } from '../access/index.ts';
import {
  createProject,
  deleteProject,
  getProjectDetail,
  listCustomerProjects,
  listEngineerProjects,
  listProjects,
  updateProject,
} from './projects.service.ts';

const caller = (req: FastifyRequest): Actor => {
  const u = currentUser(req);
  return { id: u.id, role: u.role };
};
/** The signed-in caller when there is one (public routes). */
const callerIfAny = (req: FastifyRequest): Actor | null => (req.user ? caller(req) : null);

const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['projects'];
  const security = [{ bearer: [] }];

  app.get(
    '/projects',
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary: 'Search projects: full text, filters, sort, 20 a page; open projects unless status is given',
        description:
          'Open projects are public. Any other status needs a signed-in caller and lists only projects the caller is a party of (client, or engineer of the accepted proposal); admins see all. A visitor asking for another status gets 403.',
        querystring: projectListQuerySchema,
        response: { 200: projectListSchema },
      },
    },
    async (req) => listProjects(app.ctx, req.query, callerIfAny(req)),
  );

  app.get(
    '/projects/id/:id',
    {
      preHandler: optionalUser,
      schema: {
        tags,
        summary:
          "One project with its client block and the caller's abilities (public; all false signed out)",
        params: idParamsSchema,
        response: { 200: projectDetailSchema },
      },
    },
    async (req) => getProjectDetail(app.ctx, req.params.id, callerIfAny(req)),
  );

  app.get(
    '/projects/customer/:clientId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The caller's own projects, newest first, optionally of one status",
        params: projectClientIdParamsSchema,
        querystring: projectStatusFilterQuerySchema,
        response: { 200: z.array(customerProjectSchema) },
      },
    },
    async (req) => listCustomerProjects(app.ctx, caller(req), req.params.clientId, req.query.status),
  );

  app.get(
    '/projects/engineer/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Projects the calling engineer won (accepted proposal), optionally of one status',
        params: idParamsSchema,
        querystring: projectStatusFilterQuerySchema,
        response: { 200: z.array(engineerProjectSchema) },
      },
    },
    async (req) => listEngineerProjects(app.ctx, caller(req), req.params.id, req.query.status),
  );

  app.post(
    '/projects/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Post a project (clients, as themselves); amounts in cents',
        params: userIdParamsSchema,
        body: createProjectBodySchema,
        response: { 201: projectSchema.extend({ message: z.string() }) },
      },
    },
    async (req, reply) => {
      const project = await createProject(app.ctx, caller(req), req.params.userId, req.body);
      return reply.status(201).send({ ...project, message: PROJECT_MESSAGES.created });
    },
  );

  app.put(
    '/projects/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Change a project (owner, while open); fields left out keep their value',
        params: idParamsSchema,
        body: updateProjectBodySchema,
        response: { 200: projectSchema },
      },
    },
    async (req) => updateProject(app.ctx, caller(req), req.params.id, req.body),
  );

  app.delete(
    '/projects/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete a project (owner, while open)',
        params: idParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await deleteProject(app.ctx, caller(req), req.params.id);
      return { message: PROJECT_MESSAGES.deleted };
    },
  );
};
export default projectRoutes;
