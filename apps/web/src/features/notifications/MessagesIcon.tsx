// The header messages icon (docs/PRODUCT.md#screens): a link to the inbox with the unread-message count,
// fetched on load and again on every live message event, when the user reads messages (in
// this tab or another) and after a reconnection.
import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/lazyStore';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { useGetUnreadMessageCountQuery } from './api';
import { HEADER_ICON_CLASS, UnreadBadge, unreadLabel } from './HeaderCount';

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
      aria-label={unreadLabel('Messages', count)}
      className={HEADER_ICON_CLASS}
    >
      <MessageSquare className="h-5 w-5" aria-hidden />
      <UnreadBadge count={count} testId="messages-badge" />
    </Link>
  );
}
