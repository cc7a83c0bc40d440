// Every API feature, mounted under /api. A feature adds its routes plugin here.
import type { FastifyPluginAsync } from 'fastify';
import contactRoutes from './contact/contact.routes.ts';
import healthRoutes from './health/health.routes.ts';
import notificationRoutes from './notifications/notifications.routes.ts';
import supportRoutes from './support/support.routes.ts';

export const apiModules: FastifyPluginAsync[] = [healthRoutes, notificationRoutes, contactRoutes, supportRoutes];
