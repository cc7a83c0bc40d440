// The deal's operations over HTTP (docs/PRODUCT.md#api paths; docs/DEALS.md): checkout, refund, sending and
// deciding deliverables, reporting, withdrawing and settling problems, and the deal as the
// project page shows it. Routes parse, guard and call an operation; the rules are in the
// operation files and the transition table.
import {
  checkoutSessionBodySchema,
  checkoutSessionSchema,
  createSubmissionBodySchema,
  dealSchema,
  decideSubmissionBodySchema,
  disputeSchema,
  idParamsSchema,
  PAYMENT_MESSAGES,
  projectDealParamsSchema,
  refundBodySchema,
  refundResultSchema,
  reportProblemBodySchema,
  settleBodySchema,
  submissionSchema,
  updateSubmissionBodySchema,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole, requireUser } from '../access/index.ts';
import { getPayment } from '../payments/index.ts';
import { getProjectDeal } from './deal-view.ts';
import { decideDelivery } from './decide-delivery.ts';
import { deliver, editDelivery } from './deliver.ts';
import { requestRefund } from './refund-deal.ts';
import { reportProblem, withdrawProblem } from './report-problem.ts';
import { settleProblem } from './settle-problem.ts';
import { startCheckout } from './start-checkout.ts';

const caller = (req: FastifyRequest) => {
  const u = currentUser(req);
  return { id: u.id, role: u.role, fullName: u.fullName };
};

const dealRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];

  app.get(
    '/projects/:id/deal',
    {
      preHandler: requireUser,
      schema: {
        tags: ['deals'],
        security,
        summary:
          "The project's deal (under way, or its last one): state, escrow, dates and what the caller may do; null before any payment (its parties and staff)",
        params: projectDealParamsSchema,
        response: { 200: dealSchema.nullable() },
      },
    },
    async (req) => getProjectDeal(app.ctx, caller(req), req.params.id),
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
        tags: ['payments'],
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

  app.post(
    '/payments/refund',
    {
      preHandler: requireUser,
      schema: {
        tags: ['payments'],
        security,
        summary:
          'Ask for a full refund of your payment: within 24 hours of its success and before the first deliverable (an engineer’s problem report in that time does not end it)',
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

  app.post(
    '/submissions',
    {
      preHandler: requireUser,
      schema: {
        tags: ['submissions'],
        security,
        summary:
          "Submit a version of the stamped deliverable (the hired engineer, as themselves): `attachments` is the caller's own PDF uploaded with POST /api/files?kind=deliverable. It ends the client's 24-hour refund and starts the auto-release clock.",
        body: createSubmissionBodySchema,
        response: { 201: submissionSchema },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return deliver(app.ctx, caller(req), req.body);
    },
  );

  app.put(
    '/submissions/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['submissions'],
        security,
        summary:
          'Edit a pending submission (its engineer); left-out fields stay; the auto-release clock starts again',
        params: idParamsSchema,
        body: updateSubmissionBodySchema,
        response: { 200: submissionSchema },
      },
    },
    async (req) => editDelivery(app.ctx, caller(req), req.params.id, req.body),
  );

  app.patch(
    '/submissions/:id/approve',
    {
      preHandler: requireUser,
      schema: {
        tags: ['submissions'],
        security,
        summary:
          "Accept (client_acceptance true: the escrow is released 80/20 and the project completed) or reject (false, with an optional comment) a pending submission (the project's owner)",
        params: idParamsSchema,
        body: decideSubmissionBodySchema,
        response: { 200: submissionSchema },
      },
    },
    async (req) =>
      decideDelivery(app.ctx, caller(req), req.params.id, {
        accept: req.body.client_acceptance,
        comment: req.body.comment,
      }),
  );

  app.post(
    '/projects/:id/problem',
    {
      preHandler: requireUser,
      schema: {
        tags: ['disputes'],
        security,
        summary:
          'Report a problem on a deal under way (its client or hired engineer): the project becomes problem, its payment is frozen, and a support ticket opens that both parties take part in',
        params: idParamsSchema,
        body: reportProblemBodySchema,
        response: { 201: disputeSchema },
      },
    },
    async (req, reply) => {
      reply.code(201);
      return reportProblem(app.ctx, caller(req), req.params.id, req.body.description);
    },
  );

  app.post(
    '/projects/:id/problem/withdraw',
    {
      preHandler: requireUser,
      schema: {
        tags: ['disputes'],
        security,
        summary:
          'Withdraw the problem you reported: the deal goes on where it was, the payment stays in escrow, and the ticket is closed',
        params: idParamsSchema,
        response: { 200: disputeSchema },
      },
    },
    async (req) => withdrawProblem(app.ctx, caller(req), req.params.id),
  );

  app.post(
    '/disputes/:id/resolve',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['disputes'],
        security,
        summary:
          'Settle an open problem (staff): released (the escrow to the engineer 80/20, the project completed), refunded (in full to the client, the project closed) or split (engineer_cents to the engineer with the 20% fee on that part only, the rest refunded)',
        params: idParamsSchema,
        body: settleBodySchema,
        response: { 200: disputeSchema },
      },
    },
    async (req) => settleProblem(app.ctx, caller(req), req.params.id, req.body),
  );
};

export default dealRoutes;
