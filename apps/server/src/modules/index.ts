// Every API feature, mounted under /api. A feature adds its routes plugin here.
import type { FastifyPluginAsync } from 'fastify';
import accountRoutes from './accounts/accounts.routes.ts';
import authRoutes from './auth/auth.routes.ts';
import chatRoutes from './chat/chat.routes.ts';
import connectRoutes from './connect/connect.routes.ts';
import contactRoutes from './contact/contact.routes.ts';
import disputeRoutes from './disputes/disputes.routes.ts';
import fileRoutes from './files/files.routes.ts';
import financeRoutes from './finance/finance.routes.ts';
import healthRoutes from './health/health.routes.ts';
import licenseRoutes from './licenses/licenses.routes.ts';
import notificationRoutes from './notifications/notifications.routes.ts';
import paymentRoutes from './payments/payments.routes.ts';
import webhookRoutes from './payments/webhook.routes.ts';
import payoutRoutes from './payouts/payouts.routes.ts';
import projectRecordRoutes from './project-record/record.routes.ts';
import projectRoutes from './projects/projects.routes.ts';
import proposalRoutes from './proposals/proposals.routes.ts';
import ratingRoutes from './ratings/ratings.routes.ts';
import sealRoutes from './seals/seals.routes.ts';
import submissionRoutes from './submissions/submissions.routes.ts';
import supportRoutes from './support/support.routes.ts';

export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  fileRoutes,
  chatRoutes,
  accountRoutes,
  licenseRoutes,
  connectRoutes,
  webhookRoutes,
  paymentRoutes,
  notificationRoutes,
  projectRoutes,
  proposalRoutes,
  submissionRoutes,
  sealRoutes,
  ratingRoutes,
  payoutRoutes,
  disputeRoutes,
  projectRecordRoutes,
  financeRoutes,
  contactRoutes,
  supportRoutes,
];
