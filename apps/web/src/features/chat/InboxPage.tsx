// /inbox/{id} (docs/PRODUCT.md#screens): the signed-in user's rooms beside the open conversation
// (`?room=`). Below 768 px the list and the conversation are separate views: choosing a
// room opens it, Back returns to the list. /inbox alone, and /inbox/{roomId} (a link to a
// room), lead to the same page.

import { Loader2, MessagesSquare } from 'lucide-react';
import { useMemo } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { NotYourPage } from '../../components/NotYourPage';
import { errorMessage } from '../../lib/apiErrors';
import { useCurrentUser } from '../../lib/lazyStore';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { usePageMeta } from '../../lib/usePageMeta';
import { useChatRoomsQuery } from './api';
import { ConversationView } from './ConversationView';
import { sortRooms } from './conversation';
import { inboxPath } from './paths';
import { RoomList } from './RoomList';

/** /inbox: the signed-in user's own inbox. */
export function InboxRedirect() {
  const user = useCurrentUser();
  return <Navigate to={user ? inboxPath(user.id) : '/sign-in'} replace />;
}

export function InboxPage() {
  const user = useCurrentUser();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  usePageMeta('Messages', 'Your conversations with clients and engineers.');
  const meId = user?.id ?? '';
  const {
    data: unsorted,
    error,
    isLoading,
    isFetching,
    refetch,
  } = useChatRoomsQuery(meId, { skip: !meId, refetchOnMountOrArgChange: true });
  const rooms = useMemo(() => (unsorted ? sortRooms(unsorted) : undefined), [unsorted]);

  // The list's last messages and unread counts follow what happens live.
  useSocketEvent('receive_message', () => void refetch());
  useSocketEvent('new_message_notification', () => void refetch());
  useSocketEvent('message_read_ack', ({ reader_id }) => {
    if (reader_id === meId) void refetch();
  });
  useSocketReconnect(() => void refetch());

  if (!user) return null;
  if (id !== user.id) {
    // A link to a room (/inbox/{roomId}) opens it in one's own inbox.
    if (isLoading)
      return (
        <main className="flex justify-center py-24">
          <Loader2 className="h-6 w-6 animate-spin text-slate-400" aria-label="Loading conversations" />
        </main>
      );
    if (rooms?.some((r) => r.id === id)) return <Navigate to={inboxPath(user.id, id)} replace />;
    return <NotYourPage ownPath={inboxPath(user.id)} what="inbox" />;
  }

  const roomId = params.get('room');
  const room = rooms?.find((r) => r.id === roomId) ?? null;
  const select = (next: string) => navigate(inboxPath(user.id, next));
  const back = () => navigate(inboxPath(user.id));

  return (
    <main className="mx-auto flex h-[calc(100dvh-4rem)] w-full max-w-7xl flex-col md:px-6 md:py-6 lg:px-8">
      <h1 className="sr-only">Messages</h1>
      <div className="flex min-h-0 flex-1 overflow-hidden bg-white md:rounded-xl md:border md:border-slate-200 md:shadow-sm">
        <aside
          aria-label="Conversations"
          className={`min-h-0 w-full flex-col border-slate-200 md:flex md:w-80 md:shrink-0 md:border-r lg:w-96 ${
            roomId ? 'hidden' : 'flex'
          }`}
        >
          <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900">
            Messages
          </h2>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {isLoading ? (
              <p role="status" className="flex items-center gap-2 px-4 py-6 text-sm text-slate-600">
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading conversations…
              </p>
            ) : error ? (
              <p role="alert" className="alert-error m-4">
                {errorMessage(error, 'Could not load your conversations.')}
              </p>
            ) : rooms && rooms.length > 0 ? (
              <RoomList rooms={rooms} meId={user.id} selectedId={roomId} onSelect={select} />
            ) : (
              <p className="px-4 py-8 text-center text-sm text-slate-600">
                No conversations yet. A chat opens when a proposal is accepted and paid.
              </p>
            )}
          </div>
        </aside>
        <div className={`min-h-0 min-w-0 flex-1 flex-col md:flex ${roomId ? 'flex' : 'hidden'}`}>
          {room ? (
            <ConversationView key={room.id} room={room} meId={user.id} onBack={back} />
          ) : roomId && rooms && isFetching ? (
            // A room opened by the Message button may be newer than the list held: wait for it.
            <Placeholder text="Opening the conversation…" onBack={back} />
          ) : roomId && rooms ? (
            <Placeholder text="Chat room not found." onBack={back} />
          ) : (
            <Placeholder text="Choose a conversation to read and send messages." />
          )}
        </div>
      </div>
    </main>
  );
}

function Placeholder({ text, onBack }: { text: string; onBack?: () => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-slate-600">
      <MessagesSquare className="h-10 w-10 text-slate-300" aria-hidden />
      <p>{text}</p>
      {onBack && (
        <button type="button" onClick={onBack} className="btn-secondary md:hidden">
          Back to conversations
        </button>
      )}
    </div>
  );
}
