// Engineer and client accounts, the engineer directory and the public engineer profile.
import {
  clientAccountInputSchema,
  clientAccountSchema,
  engineerAccountCreateSchema,
  engineerAccountSchema,
  engineerAccountUpdateSchema,
  engineerDirectoryQuerySchema,
  engineerDirectorySchema,
  engineerProfileSchema,
  idParamsSchema,
  userIdParamsSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, optionalUser, requireUser } from '../access/index.ts';
import {
  createClientAccount,
  createEngineerAccount,
  getClientAccount,
  getEngineerAccount,
  updateClientAccount,
  updateEngineerAccount,
} from './accounts.service.ts';
import { getEngineerProfile, listEngineers } from './directory.service.ts';

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const engineerTags = ['engineer accounts'];
  const clientTags = ['client accounts'];

  app.get(
    '/engineer/account',
    {
      schema: {
        tags: engineerTags,
        summary: 'Engineer directory: engineers with a licence, filtered and paged (rates in cents)',
        querystring: engineerDirectoryQuerySchema,
        response: { 200: engineerDirectorySchema },
      },
    },
    async (req) => listEngineers(app.ctx, req.query),
  );

  app.get(
    '/engineer/account/id/:id',
    {
      preHandler: optionalUser,
      schema: {
        tags: engineerTags,
        summary: "An engineer's public profile by user id (no SSN, no phone)",
        params: idParamsSchema,
        response: { 200: engineerProfileSchema },
      },
    },
    async (req) => getEngineerProfile(app.ctx, req.user, req.params.id),
  );

  app.get(
    '/engineer/account/user/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: engineerTags,
        security,
        summary: "The caller's engineer account (admins may read any); 404 when none is saved yet",
        params: idParamsSchema,
        response: { 200: engineerAccountSchema },
      },
    },
    async (req) => getEngineerAccount(app.ctx, currentUser(req), req.params.id),
  );

  app.post(
    '/engineer/account/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags: engineerTags,
        security,
        summary: 'Create your engineer account (SSN required once, stored encrypted)',
        params: userIdParamsSchema,
        body: engineerAccountCreateSchema,
        response: { 201: engineerAccountSchema },
      },
    },
    async (req, reply) => {
      const account = await createEngineerAccount(app.ctx, currentUser(req), req.params.userId, req.body);
      return reply.status(201).send(account);
    },
  );

  app.put(
    '/engineer/account/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: engineerTags,
        security,
        summary: 'Update your engineer account by account id (or your user id); omit ssn to keep it',
        params: idParamsSchema,
        body: engineerAccountUpdateSchema,
        response: { 200: engineerAccountSchema },
      },
    },
    async (req) => updateEngineerAccount(app.ctx, currentUser(req), req.params.id, req.body),
  );

  app.get(
    '/client/account/user/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: clientTags,
        security,
        summary: "The caller's client account (admins may read any); 404 when none is saved yet",
        params: idParamsSchema,
        response: { 200: clientAccountSchema },
      },
    },
    async (req) => getClientAccount(app.ctx, currentUser(req), req.params.id),
  );

  app.post(
    '/client/account/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags: clientTags,
        security,
        summary: 'Create your client account',
        params: userIdParamsSchema,
        body: clientAccountInputSchema,
        response: { 201: clientAccountSchema },
      },
    },
    async (req, reply) => {
      const account = await createClientAccount(app.ctx, currentUser(req), req.params.userId, req.body);
      return reply.status(201).send(account);
    },
  );

  app.put(
    '/client/account/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: clientTags,
        security,
        summary: 'Update your client account by account id (or your user id)',
        params: idParamsSchema,
        body: clientAccountInputSchema,
        response: { 200: clientAccountSchema },
      },
    },
    async (req) => updateClientAccount(app.ctx, currentUser(req), req.params.id, req.body),
  );
};
export default accountRoutes;
