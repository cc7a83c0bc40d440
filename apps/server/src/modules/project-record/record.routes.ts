// GET /api/projects/{id}/record (JSON) and its PDF summary. Routes parse and call.
import { idParamsSchema, projectRecordSchema } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../access/index.ts';
import { readRecord } from './record.service.ts';
import { recordPdf } from './record-pdf.ts';

const caller = (req: FastifyRequest) => {
  const u = currentUser(req);
  return { id: u.id, role: u.role };
};

const projectRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['project record'];
  const security = [{ bearer: [] }];

  app.get(
    '/projects/:id/record',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "The project's record: every event in order, each entry holding the SHA-256 of the one before, and whether the chain verifies (its client, its engineer and staff)",
        params: idParamsSchema,
        response: { 200: projectRecordSchema },
      },
    },
    async (req) => readRecord(app.ctx, caller(req), req.params.id),
  );

  app.get(
    '/projects/:id/record/pdf',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The project's record as a PDF summary for the permit file, stating the chain's head hash",
        params: idParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const record = await readRecord(app.ctx, caller(req), req.params.id);
      const pdf = await recordPdf(record);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="project-record-${record.project_id}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
};

export default projectRecordRoutes;
