import { unreadCountSchema, userIdParamsSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../auth/guards.ts';
import { countUnreadMessages } from './chat.service.ts';

const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/chat/unread_messages/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['chat'],
        security: [{ bearer: [] }],
        summary: 'How many chat messages the caller has not read',
        params: userIdParamsSchema,
        response: { 200: unreadCountSchema },
      },
    },
    async (req) => {
      const user = currentUser(req);
      if (req.params.userId !== user.id) throw forbidden('You can only read your own message count.');
      return { unread_count: await countUnreadMessages(app.ctx, user.id) };
    },
  );
};
export default chatRoutes;
