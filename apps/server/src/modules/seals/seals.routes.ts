// /api/seals/check: the seal verdict of the caller's own deliverable upload, shown to the
// engineer right after uploading, before sending (docs/DELIVERABLES.md).
import { SEAL_MESSAGES, sealCheckBodySchema, sealCheckSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../access/index.ts';
import { checkOwnDeliverable } from './seals.service.ts';

const sealRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/seals/check',
    {
      preHandler: requireUser,
      schema: {
        tags: ['seals'],
        security: [{ bearer: [] }],
        summary: `The seal verdict of the caller's own uploaded deliverable PDF, before it is sent (422: '${SEAL_MESSAGES.unreadable}')`,
        body: sealCheckBodySchema,
        response: { 200: sealCheckSchema },
      },
    },
    async (req) => {
      const u = currentUser(req);
      return checkOwnDeliverable(app.ctx, { id: u.id, role: u.role }, req.body.attachments);
    },
  );
};

export default sealRoutes;
