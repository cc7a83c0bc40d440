// Every feature's part in the whole: its routes plugin, mounted under /api, its scheduled
// jobs, and who besides the uploader may read its kind of file. A feature adds itself here.
import type { FastifyPluginAsync } from 'fastify';
import type { Job } from '../jobs/job.ts';
import accountRoutes from './accounts/accounts.routes.ts';
import alertRoutes from './alerts/alerts.routes.ts';
import { alertDigestJob, alertFanoutJob } from './alerts/index.ts';
import { authCountsJob } from './auth/auth.job.ts';
import authRoutes from './auth/auth.routes.ts';
import chatRoutes from './chat/chat.routes.ts';
import { chatAttachmentReaders } from './chat/index.ts';
import connectRoutes from './connect/connect.routes.ts';
import contactRoutes from './contact/contact.routes.ts';
import { dealRoutes, dealsJob, webhookRoutes } from './deals/index.ts';
import disputeRoutes from './disputes/disputes.routes.ts';
import { unattachedFilesJob } from './files/files.job.ts';
import fileRoutes from './files/files.routes.ts';
import { nobodyElse, useFileReadRules } from './files/index.ts';
import financeRoutes from './finance/finance.routes.ts';
import healthRoutes from './health/health.routes.ts';
import { licenseExpiryJob } from './licenses/licenses.job.ts';
import licenseRoutes from './licenses/licenses.routes.ts';
import notificationRoutes from './notifications/notifications.routes.ts';
import paymentRoutes from './payments/payments.routes.ts';
import { payoutsJob } from './payouts/payouts.job.ts';
import payoutRoutes from './payouts/payouts.routes.ts';
import projectRecordRoutes from './project-record/record.routes.ts';
import projectRoutes from './projects/projects.routes.ts';
import proposalRoutes from './proposals/proposals.routes.ts';
import ratingRoutes from './ratings/ratings.routes.ts';
import sealRoutes from './seals/seals.routes.ts';
import { seoRoutes } from './seo/index.ts';
import statementRoutes from './statements/statements.routes.ts';
import { deliverableReaders } from './submissions/index.ts';
import submissionRoutes from './submissions/submissions.routes.ts';
import { ticketAttachmentReaders } from './support/index.ts';
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
  dealRoutes,
  notificationRoutes,
  alertRoutes,
  projectRoutes,
  proposalRoutes,
  submissionRoutes,
  sealRoutes,
  ratingRoutes,
  payoutRoutes,
  disputeRoutes,
  projectRecordRoutes,
  financeRoutes,
  statementRoutes,
  contactRoutes,
  supportRoutes,
];

/** Features mounted at the site's root rather than under /api: the pages search engines read. */
export const siteRootModules: FastifyPluginAsync[] = [seoRoutes];

// Who besides the uploader and staff may read each kind of private file: the feature that
// holds the file says (files/kinds.ts).
useFileReadRules({
  avatar: null,
  project_attachment: null,
  // Reviewed by admins only; the engineer uploaded it.
  license_proof: nobodyElse,
  chat_attachment: chatAttachmentReaders,
  deliverable: deliverableReaders,
  ticket_attachment: ticketAttachmentReaders,
});

/** Scheduled work (main.ts starts it through jobs/index.ts, each occurrence on one instance). */
export const featureJobs: readonly Job[] = [
  alertDigestJob,
  alertFanoutJob,
  authCountsJob,
  dealsJob,
  licenseExpiryJob,
  payoutsJob,
  unattachedFilesJob,
];
