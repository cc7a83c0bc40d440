// The wallet and payout calls of docs/PRODUCT.md#api: GET /api/wallet/{userId},
// GET /api/wallet/payouts/user/{userId} (the wallet's transactions) and
// GET /api/payout/user/{userId} (Payout History). The engineer or an admin only.
import { payoutSchema, userIdParamsSchema, walletSchema, walletTransactionSchema } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../access/index.ts';
import { getWallet, listPayouts, listWalletTransactions } from './payouts.service.ts';

const caller = (req: FastifyRequest) => {
  const u = currentUser(req);
  return { id: u.id, role: u.role };
};

const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payouts'];
  const security = [{ bearer: [] }];

  app.get(
    '/wallet/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "An engineer's wallet (cents): what it holds (amount), what the next Sunday run pays, what is on its way and what was paid out",
        params: userIdParamsSchema,
        response: { 200: walletSchema },
      },
    },
    async (req) => getWallet(app.ctx, caller(req), req.params.userId),
  );

  app.get(
    '/wallet/payouts/user/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary:
          "The wallet's transactions: each payment released to the engineer (gross, 20% fee, 80% net) and its payout's state",
        params: userIdParamsSchema,
        response: { 200: z.array(walletTransactionSchema) },
      },
    },
    async (req) => listWalletTransactions(app.ctx, caller(req), req.params.userId),
  );

  app.get(
    '/payout/user/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "An engineer's payouts, newest first: amount (cents), status, payout date",
        params: userIdParamsSchema,
        response: { 200: z.array(payoutSchema) },
      },
    },
    async (req) => listPayouts(app.ctx, caller(req), req.params.userId),
  );
};

export default payoutRoutes;
