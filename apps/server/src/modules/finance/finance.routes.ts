// GET /api/admin/finance: the admin dashboard's finance summary (staff only).
import { financeSummarySchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../access/index.ts';
import { financeSummary } from './finance.service.ts';

const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/finance',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary:
          'Money in escrow, platform revenue, wallets, what the next payout run pays, failed payouts, and the last twelve months (cents), from the ledger',
        response: { 200: financeSummarySchema },
      },
    },
    async (req) => {
      const u = currentUser(req);
      return financeSummary(app.ctx, { id: u.id, role: u.role });
    },
  );
};

export default financeRoutes;
