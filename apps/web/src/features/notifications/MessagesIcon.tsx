// The header messages icon (docs/PRODUCT.md#screens): a link to the inbox with the unread-message count,
// fetched on load and again on every live message event, when the user reads messages (in
// this tab or another) and after a reconnection.
import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/lazyStore';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { useGetUnreadMessageCountQuery } from './api';

export function MessagesIcon() {
  const user = useCurrentUser();
  if (!user) return null;
  return <MessagesLink userId={user.id} />;
}

function MessagesLink({ userId }: { userId: string }) {
  const { data, refetch } = useGetUnreadMessageCountQuery(userId);
  useSocketEvent('new_message_notification', () => {
    refetch();
  });
  useSocketEvent('receive_message', () => {
    refetch();
  });
  useSocketEvent('message_read_ack', ({ reader_id }) => {
    if (reader_id === userId) refetch();
  });
  useSocketReconnect(() => {
    refetch();
  });
  const count = data?.unread_count ?? 0;
  return (
    <Link
      to={`/inbox/${encodeURIComponent(userId)}`}
      aria-label={count ? `Messages, ${count} unread` : 'Messages'}
      className="relative grid h-10 w-10 place-items-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-brand-700"
    >
      <MessageSquare className="h-5 w-5" aria-hidden />
      {count > 0 && (
        <span
          data-testid="messages-badge"
          className="absolute right-0.5 top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-white"
          aria-hidden
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
