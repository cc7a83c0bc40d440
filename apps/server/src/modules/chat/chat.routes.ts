import {
  CHAT_MESSAGES,
  chatRoomSchema,
  createRoomBodySchema,
  messagesPageSchema,
  messagesQuerySchema,
  roomDealSchema,
  roomIdParamsSchema,
  unreadCountSchema,
  userIdParamsSchema,
} from '@app/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.ts';
import { currentUser, requireUser } from '../access/index.ts';
import { canListRoomsOf } from './chat.policy.ts';
import { countUnreadMessages, createRoom, findRoom, listMessages, listRooms } from './chat.service.ts';

const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['chat'];
  const security = [{ bearer: [] }];

  app.post(
    '/chat/rooms/find',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "A deal's chat room",
        description:
          'For the client or the engineer of the deal, asking about themselves. 404 when they share no accepted proposal on the project, or its room is not open yet.',
        body: roomDealSchema,
        response: { 200: chatRoomSchema },
      },
    },
    async (req) => findRoom(app.ctx, currentUser(req), req.body),
  );

  app.post(
    '/chat/rooms',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "Open a deal's chat room (or answer the existing one)",
        description:
          'For the client or the engineer of the deal, who must share an accepted proposal on the project. A room closed by a refund stays closed.',
        body: createRoomBodySchema,
        response: { 200: chatRoomSchema },
      },
    },
    async (req) => createRoom(app.ctx, currentUser(req), req.body),
  );

  app.get(
    '/chat/rooms/user/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "The caller's chat rooms, latest conversation first, with last message and unread count",
        params: userIdParamsSchema,
        response: { 200: z.array(chatRoomSchema) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      if (!canListRoomsOf(user, req.params.userId)) throw forbidden(CHAT_MESSAGES.notYourRooms);
      return listRooms(app.ctx, user.id);
    },
  );

  app.get(
    '/chat/messages/:roomId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: "A page of a room's messages, newest last",
        description:
          "The room's two members (and admins while its project is in dispute). `before` takes the previous page's `next_cursor` to read older messages.",
        params: roomIdParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagesPageSchema },
      },
    },
    async (req) => listMessages(app.ctx, currentUser(req), req.params.roomId, req.query),
  );

  app.get(
    '/chat/unread_messages/:userId',
    {
      preHandler: requireUser,
      schema: {
        tags,
        security,
        summary: 'How many chat messages the caller has not read',
        params: userIdParamsSchema,
        response: { 200: unreadCountSchema },
      },
    },
    async (req) => {
      const user = currentUser(req);
      if (!canListRoomsOf(user, req.params.userId))
        throw forbidden('You can only read your own message count.');
      return { unread_count: await countUnreadMessages(app.ctx, user.id) };
    },
  );
};
export default chatRoutes;
