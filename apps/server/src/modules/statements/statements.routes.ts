// GET /api/receipts/{paymentId}[/refund] (the client who paid, staff) and
// GET /api/statements/{engineerId}?period=YYYY[-MM]&format=pdf|csv (that engineer, staff):
// documents built from the ledger (docs/PAYMENTS.md 'Receipts and statements').
import {
  apiErrorSchema,
  contentDisposition,
  receiptParamsSchema,
  statementParamsSchema,
  statementQuerySchema,
} from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../access/index.ts';
import { type DocumentFile, getReceipt, getStatement } from './statements.service.ts';

const actor = (req: FastifyRequest) => {
  const u = currentUser(req);
  return { id: u.id, role: u.role };
};

/** A private document: downloaded under its name, never cached or shared between users. */
function sendDocument(reply: FastifyReply, file: DocumentFile) {
  return reply
    .type(file.contentType)
    .header('cache-control', 'private, no-store')
    .header('vary', 'authorization')
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .send(file.body);
}

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema };

const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];

  for (const kind of ['payment', 'refund'] as const) {
    app.get(
      kind === 'payment' ? '/receipts/:paymentId' : '/receipts/:paymentId/refund',
      {
        preHandler: requireUser,
        schema: {
          tags: ['payments'],
          security,
          summary:
            kind === 'payment'
              ? "A payment's receipt (PDF): client, engineer, project, amount, date, payment id and what the platform fee covers, from the ledger. The client who paid or an admin; 404 for anyone else and for a payment never paid"
              : "A refund's receipt (PDF): the amount that went back, when and why, from the ledger. The client who paid or an admin; 404 for anyone else and for a payment not refunded",
          params: receiptParamsSchema,
          produces: ['application/pdf'],
          response: errors,
        },
      },
      async (req, reply) =>
        sendDocument(reply, await getReceipt(app.ctx, actor(req), req.params.paymentId, kind)),
    );
  }

  app.get(
    '/statements/:engineerId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['payouts'],
        security,
        summary:
          "An engineer's earnings statement for a month (period=YYYY-MM) or a year (period=YYYY), months in UTC, as PDF or CSV: each release with its gross, the 20% fee and the net, each payout, the totals and the wallet balance before and after, from the ledger. That engineer or an admin",
        params: statementParamsSchema,
        querystring: statementQuerySchema,
        produces: ['application/pdf', 'text/csv'],
        response: errors,
      },
    },
    async (req, reply) =>
      sendDocument(
        reply,
        await getStatement(app.ctx, actor(req), req.params.engineerId, req.query.period, req.query.format),
      ),
  );
};

export default statementRoutes;
