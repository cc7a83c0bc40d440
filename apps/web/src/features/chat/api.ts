// Chat calls of docs/PRODUCT.md#api: the caller's rooms (with last message and unread count), a page of
// a room's history, and the deal's room for the project page's Message button. Sending,
// typing and read receipts go over the socket (useConversation.ts).
import type { ChatRoom, MessagesPage } from '@app/shared';
import { api } from '../../lib/api';

export type Deal = { engineer_id: string; client_id: string; project_id: string };

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    chatRooms: build.query<ChatRoom[], string>({
      query: (userId) => `/chat/rooms/user/${encodeURIComponent(userId)}`,
    }),
    chatMessages: build.query<MessagesPage, { roomId: string; before?: string }>({
      query: ({ roomId, before }) => ({
        url: `/chat/messages/${encodeURIComponent(roomId)}`,
        params: before ? { before } : undefined,
      }),
      // Pages live in the conversation's own state; the cache would only hold stale copies.
      keepUnusedDataFor: 0,
    }),
    findChatRoom: build.mutation<ChatRoom, Deal>({
      query: (deal) => ({ url: '/chat/rooms/find', method: 'POST', body: deal }),
    }),
  }),
});

export const { useChatRoomsQuery, useLazyChatMessagesQuery, useFindChatRoomMutation } = chatApi;
