// Payout account calls (/api/stripe/connect...) and the provider webhook. The webhook
// lives in its own scope whose body parser keeps the raw bytes: the signature is
// computed over them, so they must not be parsed and re-serialized first.
import { connectRequestSchema, connectStatusSchema, loginUrlSchema, onboardingUrlSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WebhookSignatureError } from '../../adapters/payments/payments.ts';
import { badRequest } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../auth/guards.ts';
import { createDashboardLink, getConnectStatus, startOnboarding } from './connect.service.ts';
import { handlePaymentEvent } from './payment-events.ts';
import testModePages from './test-mode.routes.ts';

const connectRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payout account'];
  const security = [{ bearer: [] }];

  app.get(
    '/stripe/connect/status',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The caller's payout account: id (null when none) and whether payouts are enabled",
        response: { 200: connectStatusSchema },
      },
    },
    async (req) => getConnectStatus(app.ctx, currentUser(req)),
  );

  app.post(
    '/stripe/connect',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Engineers: open the payout account (once) and get an onboarding address',
        body: connectRequestSchema,
        response: { 200: onboardingUrlSchema },
      },
    },
    async (req) => startOnboarding(app.ctx, currentUser(req), req.body),
  );

  app.post(
    '/stripe/connect/login',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "Engineers: a one-time address of the provider's dashboard for the payout account",
        response: { 200: loginUrlSchema },
      },
    },
    async (req) => createDashboardLink(app.ctx, currentUser(req)),
  );

  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    hook.post(
      '/stripe/webhook',
      {
        schema: {
          tags,
          summary: 'Payment provider events, verified by their Stripe-Signature header',
          response: { 200: z.object({ received: z.boolean() }) },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.headers['stripe-signature'];
        let event: ReturnType<typeof app.ctx.payments.parseWebhook>;
        try {
          event = app.ctx.payments.parseWebhook(raw, typeof signature === 'string' ? signature : undefined);
        } catch (err) {
          if (err instanceof WebhookSignatureError) throw badRequest(err.message);
          throw err;
        }
        const handled = await handlePaymentEvent(app.ctx, event);
        req.log.info({ eventId: event.id, type: event.type, handled }, 'payment event');
        return { received: true };
      },
    );
  });

  if (app.ctx.payments.kind === 'test') await app.register(testModePages);
};
export default connectRoutes;
