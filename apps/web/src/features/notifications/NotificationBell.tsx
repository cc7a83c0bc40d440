// The header bell (docs/PRODUCT.md#screens): unread badge and the 'Your Notifications' panel. The list
// is loaded once, then kept current by the socket: a live notification is prepended
// (and counts as unread) without a refetch.
import type { NotificationDto } from '@app/shared';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/apiErrors';
import { useCurrentUser } from '../../lib/lazyStore';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { useAppDispatch } from '../../lib/store';
import {
  notificationsApi,
  useDeleteNotificationMutation,
  useGetNotificationsQuery,
  useMarkNotificationReadMutation,
} from './api';
import { HEADER_ICON_CLASS, UnreadBadge, unreadLabel } from './HeaderCount';
import { NotificationItem } from './NotificationItem';

export function NotificationBell() {
  const user = useCurrentUser();
  if (!user) return null;
  return <BellForUser userId={user.id} />;
}

function BellForUser({ userId }: { userId: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const panelId = useId();
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { data, error, isLoading, refetch } = useGetNotificationsQuery(userId);
  const [markRead] = useMarkNotificationReadMutation();
  const [remove] = useDeleteNotificationMutation();

  useSocketEvent('new-notification', (n) => {
    dispatch(
      notificationsApi.util.updateQueryData('getNotifications', userId, (list) => {
        if (!list.some((x) => x.id === n.id)) list.unshift(n);
      }),
    );
  });
  // Anything pushed while the connection was down is fetched again.
  useSocketReconnect(() => {
    refetch();
  });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const unread = data?.filter((n) => !n.is_read).length ?? 0;

  const onOpen = (n: NotificationDto) => {
    if (!n.is_read) markRead({ id: n.id, userId });
    if (n.notification_link) {
      setOpen(false);
      navigate(n.notification_link);
    }
  };
  const onDelete = (n: NotificationDto) => {
    remove({ id: n.id, userId });
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unreadLabel('Notifications', unread)}
        className={HEADER_ICON_CLASS}
      >
        <Bell className="h-5 w-5" aria-hidden />
        <UnreadBadge count={unread} testId="notification-badge" />
      </button>
      {open && (
        <section
          id={panelId}
          aria-labelledby={titleId}
          className="fixed inset-x-2 top-16 z-50 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl ring-1 ring-black/5 sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96"
        >
          <header className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <h2 id={titleId} className="text-sm font-semibold text-slate-900">
              Your Notifications
            </h2>
            {unread > 0 && (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                {unread} unread
              </span>
            )}
          </header>
          {isLoading ? (
            <p role="status" className="px-4 py-6 text-center text-sm text-slate-600">
              Loading notifications...
            </p>
          ) : error && !data ? (
            <p role="alert" className="px-4 py-6 text-center text-sm text-red-700">
              Error: {errorMessage(error, 'Failed to fetch notifications')}
            </p>
          ) : !data?.length ? (
            <p className="px-4 py-6 text-center text-sm text-slate-600">No new notifications</p>
          ) : (
            <ul className="max-h-80 overflow-y-auto overscroll-contain">
              {data.map((n) => (
                <NotificationItem key={n.id} notification={n} onOpen={onOpen} onDelete={onDelete} />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
