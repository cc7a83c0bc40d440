// /api/payments: the contract and checkout, the success page's check, payment history,
// refunds and the admin order list (spec §7). Routes parse, authorize and call; the rules
// are in the operation files and the service.
import {
  checkoutSessionBodySchema,
  checkoutSessionSchema,
  contractParamsSchema,
  contractSchema,
  orderSchema,
  ordersQuerySchema,
  PAYMENT_MESSAGES,
  paymentSchema,
  refundBodySchema,
  refundResultSchema,
  userIdParamsSchema,
  verifySessionParamsSchema,
  verifySessionSchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole, requireUser } from '../auth/guards.ts';
import { getContract, getPayment, listOrders, listUserPayments, verifySession } from './payments.service.ts';
import { requestRefund } from './request-refund.ts';
import { startCheckout } from './start-checkout.ts';
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

  app.post(
    '/payments/checkout-session',
    {
      preHandler: requireUser,
      // Each call opens a checkout at the provider: a person needs a few a minute, a
      // script hammering the provider gets stopped. Counted per session, else per address.
      config: {
        rateLimit: {
          max: Math.round(30 * app.ctx.config.rateLimitScale),
          timeWindow: '1 minute',
          keyGenerator: (req) => req.headers.authorization ?? req.ip,
        },
      },
      schema: {
        tags,
        security,
        summary:
          "Sign the contract and open the card checkout for a pending proposal of your open project; answers the checkout's address. The amount (cents) must be the proposal's.",
        body: checkoutSessionBodySchema,
        response: { 200: checkoutSessionSchema },
      },
    },
    async (req) =>
      startCheckout(app.ctx, caller(req), req.body, {
        ip: req.ip,
        userAgent: String(req.headers['user-agent'] ?? ''),
      }),
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

  app.post(
    '/payments/refund',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          'Ask for a full refund of your payment: within 24 hours of its success, on a project not completed and without a reported problem',
        body: refundBodySchema,
        response: { 200: refundResultSchema },
      },
    },
    async (req) => {
      const actor = caller(req);
      await requestRefund(app.ctx, actor, req.body.paymentId);
      const payment = await getPayment(app.ctx, actor, req.body.paymentId);
      return {
        message:
          payment.status === 'refunded'
            ? PAYMENT_MESSAGES.refundSuccessful
            : PAYMENT_MESSAGES.refundRequested,
        payment,
      };
    },
  );

  app.get(
    '/payments/all_payments',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags,
        security,
        summary:
          'Every payment, newest first, 20 a page (admins); filtered by status and created date (inclusive) on the server',
        querystring: ordersQuerySchema,
        response: { 200: z.array(orderSchema) },
      },
    },
    async (req) => listOrders(app.ctx, caller(req), req.query),
  );

  if (app.ctx.payments.kind === 'test') await app.register(testCheckoutPages);
};
export default paymentRoutes;
