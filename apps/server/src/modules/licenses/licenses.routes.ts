// Licences: the engineer's own list and edits, the admin's review queue and decision.
import {
  idParamsSchema,
  licenseDecisionSchema,
  licenseInputSchema,
  licenseSchema,
  messageSchema,
  pendingLicenseSchema,
  userIdParamsSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole, requireUser } from '../access/index.ts';
import {
  createLicense,
  decideLicense,
  deleteLicense,
  listLicenses,
  listPendingLicenses,
  updateLicense,
} from './licenses.service.ts';

const licenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['licenses'];
  const security = [{ bearer: [] }];

  app.get(
    '/engineer/license/user/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "An engineer's licences, oldest first (the engineer or an admin)",
        params: userIdParamsSchema,
        response: { 200: z.array(licenseSchema) },
      },
    },
    async (req) => listLicenses(app.ctx, currentUser(req), req.params.userId),
  );

  app.post(
    '/engineer/license/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Add one of your licences; it waits for an admin review',
        params: userIdParamsSchema,
        body: licenseInputSchema,
        response: { 201: licenseSchema },
      },
    },
    async (req, reply) => {
      const license = await createLicense(app.ctx, currentUser(req), req.params.userId, req.body);
      return reply.status(201).send(license);
    },
  );

  app.put(
    '/engineer/license/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Correct a pending or rejected licence (a rejected one goes back to review)',
        params: idParamsSchema,
        body: licenseInputSchema,
        response: { 200: licenseSchema },
      },
    },
    async (req) => updateLicense(app.ctx, currentUser(req), req.params.id, req.body),
  );

  app.delete(
    '/engineer/license/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete a pending or rejected licence',
        params: idParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await deleteLicense(app.ctx, currentUser(req), req.params.id);
      return { message: 'License deleted.' };
    },
  );

  app.get(
    '/engineer/pending_license',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags,
        security,
        summary: 'Admin: licences waiting for review, oldest first',
        response: { 200: z.array(pendingLicenseSchema) },
      },
    },
    async () => listPendingLicenses(app.ctx),
  );

  app.patch(
    '/engineer/license/:id/status',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags,
        security,
        summary: 'Admin: approve or reject a pending licence (409 when already decided)',
        params: idParamsSchema,
        body: licenseDecisionSchema,
        response: { 200: licenseSchema },
      },
    },
    async (req) => decideLicense(app.ctx, currentUser(req), req.params.id, req.body),
  );
};
export default licenseRoutes;
