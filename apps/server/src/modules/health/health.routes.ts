import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Is the service up and its database reachable?',
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => {
      try {
        await app.ctx.database.ping();
      } catch {
        throw new AppError('UNAVAILABLE', 'The database is not reachable.');
      }
      return { status: 'ok' as const, database: app.ctx.database.kind };
    },
  );
  // Readiness, for load balancers and rolling restarts (docs/DEPLOY.md): the process listens
  // only once migrations ran, so answering at all means started; 503 once it was told to stop
  // (it still serves what reaches it while it drains) or when its database is unreachable.
  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Should this instance receive traffic? 503 while it drains before stopping',
        response: { 200: z.object({ status: z.literal('ready') }) },
      },
    },
    async () => {
      if (app.lifecycle.draining) throw new AppError('UNAVAILABLE', 'This instance is stopping.');
      try {
        await app.ctx.database.ping();
      } catch {
        throw new AppError('UNAVAILABLE', 'The database is not reachable.');
      }
      return { status: 'ready' as const };
    },
  );
};
export default healthRoutes;
