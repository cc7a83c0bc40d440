// Payout account calls (/api/stripe/connect...) and, in test mode, the stand-ins for
// Stripe's onboarding pages. Provider events arrive at the payments module's webhook.
import { connectRequestSchema, connectStatusSchema, loginUrlSchema, onboardingUrlSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../access/index.ts';
import { createDashboardLink, getConnectStatus, startOnboarding } from './connect.service.ts';
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

  if (app.ctx.payments.kind === 'test') await app.register(testModePages);
};
export default connectRoutes;
