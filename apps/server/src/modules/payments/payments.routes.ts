// /api/payments: the contract, the success page's check, payment history and the admin
// order list (docs/PRODUCT.md#api). Checkout and refunds are deal operations (modules/deals/deals.routes.ts).
import {
  contractParamsSchema,
  contractSchema,
  orderSchema,
  ordersQuerySchema,
  paymentSchema,
  userIdParamsSchema,
  verifySessionParamsSchema,
  verifySessionSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole, requireUser } from '../access/index.ts';
import { getContract, listOrders, listUserPayments, verifySession } from './payments.service.ts';
import testCheckoutPages from './test-checkout.routes.ts';

const caller = (req: FastifyRequest) => {
  const u = currentUser(req);
  return { id: u.id, role: u.role, fullName: u.fullName };
};

const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payments'];
  const security = [{ bearer: [] }];

  app.get(
    '/payments/contract/:proposalId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The contract the project's owner signs before paying for a proposal, with its SHA-256",
        params: contractParamsSchema,
        response: { 200: contractSchema },
      },
    },
    async (req) => getContract(app.ctx, caller(req), req.params.proposalId),
  );

  app.get(
    '/payments/verify-session/:sessionId',
    {
      schema: {
        tags,
        summary:
          "The state of a checkout (no sign-in): 'complete' once the provider confirmed the payment, else 'open', 'expired' or 'refunded'",
        params: verifySessionParamsSchema,
        response: { 200: verifySessionSchema },
      },
    },
    async (req) => verifySession(app.ctx, req.params.sessionId),
  );

  app.get(
    '/payments/user/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "A client's payments, newest first, with whether each can be refunded now (that user or an admin)",
        params: userIdParamsSchema,
        response: { 200: z.array(paymentSchema) },
      },
    },
    async (req) => listUserPayments(app.ctx, caller(req), req.params.userId),
  );

  app.get(
    '/payments/all_payments',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags,
        security,
        summary:
          'Every payment, newest first, 20 a page (admins), with its project, parties and what happened to its money (escrow: held, disputed, refunding, released, refunded, split); filtered by status, escrow and created date (inclusive) on the server',
        querystring: ordersQuerySchema,
        response: { 200: z.array(orderSchema) },
      },
    },
    async (req) => listOrders(app.ctx, caller(req), req.query),
  );

  if (app.ctx.payments.kind === 'test') await app.register(testCheckoutPages);
};
export default paymentRoutes;
