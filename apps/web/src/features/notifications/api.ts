// Notifications and the unread-message count (docs/PRODUCT.md#api). Read and delete are optimistic:
// the list changes at once and is put back if the server refuses.
import type { NotificationDto, UnreadCount } from '@app/shared';
import { toast } from '../../components/toast/toast';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/apiErrors';

type ItemArgs = { id: string; userId: string };

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationDto[], string>({
      query: (userId) => `/notification/${encodeURIComponent(userId)}`,
      providesTags: ['Notification'],
      async onQueryStarted(_userId, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (err) {
          console.error('Failed to fetch notifications', (err as { error?: unknown }).error ?? err);
        }
      },
    }),
    markNotificationRead: build.mutation<NotificationDto, ItemArgs>({
      query: ({ id }) => ({ url: `/notification/read/${encodeURIComponent(id)}`, method: 'PATCH' }),
      async onQueryStarted({ id, userId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('getNotifications', userId, (list) => {
            const item = list.find((n) => n.id === id);
            if (item) item.is_read = true;
          }),
        );
        try {
          await queryFulfilled;
        } catch (err) {
          patch.undo();
          console.error('Failed to mark notification as read.', (err as { error?: unknown }).error ?? err);
        }
      },
    }),
    deleteNotification: build.mutation<{ message: string }, ItemArgs>({
      query: ({ id }) => ({ url: `/notification/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted({ id, userId }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('getNotifications', userId, (list) =>
            list.filter((n) => n.id !== id),
          ),
        );
        try {
          await queryFulfilled;
        } catch (err) {
          patch.undo();
          const message = errorMessage((err as { error?: unknown }).error, '').replace(/\.$/, '');
          toast.error(
            message ? `Failed to delete: ${message}. Please refresh.` : 'Failed to delete notification.',
          );
        }
      },
    }),
    getUnreadMessageCount: build.query<UnreadCount, string>({
      query: (userId) => `/chat/unread_messages/${encodeURIComponent(userId)}`,
      async onQueryStarted(_userId, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (err) {
          console.error('Failed to fetch unread count', (err as { error?: unknown }).error ?? err);
        }
      },
    }),
  }),
});

export const {
  useGetNotificationsQuery,
  useMarkNotificationReadMutation,
  useDeleteNotificationMutation,
  useGetUnreadMessageCountQuery,
} = notificationsApi;
