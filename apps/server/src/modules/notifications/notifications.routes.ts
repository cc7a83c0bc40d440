import { idParamsSchema, messageSchema, notificationSchema, userIdParamsSchema } from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../access/index.ts';
import { deleteNotification, listNotifications, markRead } from './notifications.service.ts';

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const security = [{ bearer: [] }];

  app.get(
    '/notification/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The caller's notifications, newest first",
        params: userIdParamsSchema,
        response: { 200: z.array(notificationSchema) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      if (req.params.userId !== user.id) throw forbidden('You can only read your own notifications.');
      return listNotifications(app.ctx, user.id);
    },
  );

  app.patch(
    '/notification/read/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Mark one of your notifications read',
        params: idParamsSchema,
        response: { 200: notificationSchema },
      },
    },
    async (req) => markRead(app.ctx, currentUser(req).id, req.params.id),
  );

  app.delete(
    '/notification/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete one of your notifications',
        params: idParamsSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await deleteNotification(app.ctx, currentUser(req).id, req.params.id);
      return { message: 'Notification deleted.' };
    },
  );
};
export default notificationRoutes;
