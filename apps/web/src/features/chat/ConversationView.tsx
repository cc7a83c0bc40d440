// One conversation (docs/PRODUCT.md#screens /inbox): the other person with their online dot, the history
// with day separators (older pages load when scrolled to the top), own and other bubbles
// with attachments and read ticks, the typing indicator, and the composer, or the closed
// notice once a refund closed the room.
import { CHAT_MESSAGES, type ChatMessage, type ChatRoom } from '@app/shared';
import { ArrowLeft, Check, CheckCheck, Loader2, Lock, WifiOff } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { useSocketStatus } from '../../lib/socket';
import { Attachment } from './Attachment';
import { Composer } from './Composer';
import { messageTime, withDaySeparators } from './conversation';
import { PresenceAvatar } from './RoomList';
import { useConversation } from './useConversation';

/** How close to the top (px) the history has to be scrolled for older messages to load. */
const LOAD_OLDER_AT = 120;
/** How close to the bottom (px) counts as "at the newest message" (new ones then scroll in). */
const STICK_TO_BOTTOM = 120;

export function ConversationView({
  room,
  meId,
  onBack,
}: {
  room: ChatRoom;
  meId: string;
  onBack: () => void;
}) {
  const conversation = useConversation(room, meId);
  const { messages, status, hasOlder, loadingOlder, loadOlder, typing } = conversation;
  const socketStatus = useSocketStatus();
  const connected = socketStatus === 'connected';
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => withDaySeparators(messages), [messages]);

  // Keep the view where the reader is: at the bottom for new messages (when they were at the
  // bottom, or sent it), and at the same message when an older page is put above.
  const anchor = useRef<{
    first: string | undefined;
    last: string | undefined;
    height: number;
    atBottom: boolean;
  }>({
    first: undefined,
    last: undefined,
    height: 0,
    atBottom: true,
  });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = anchor.current;
    const first = messages[0]?.id;
    const last = messages.at(-1);
    if (before.first && first !== before.first && last?.id === before.last) {
      el.scrollTop += el.scrollHeight - before.height;
    } else if (last && (before.atBottom || last.sender_id === meId || !before.last)) {
      el.scrollTop = el.scrollHeight;
    }
    anchor.current = {
      first,
      last: last?.id,
      height: el.scrollHeight,
      atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM,
    };
  }, [messages, meId]);

  // Images arrive after their message: a reader at the bottom stays at the bottom.
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = scroller.current;
    const content = list.current;
    if (!el || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (anchor.current.atBottom) el.scrollTop = el.scrollHeight;
      anchor.current.height = el.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    anchor.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM;
    anchor.current.height = el.scrollHeight;
    if (el.scrollTop < LOAD_OLDER_AT && hasOlder && !loadingOlder) void loadOlder();
  };

  const other = room.other_user;
  return (
    <section className="flex h-full min-h-0 flex-col" aria-labelledby="conversation-heading">
      <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-3 sm:px-4">
        <button
          type="button"
          onClick={onBack}
          className="grid h-9 w-9 place-items-center rounded-full text-slate-700 hover:bg-slate-100 md:hidden"
          aria-label="Back to conversations"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </button>
        <PresenceAvatar name={other.full_name} picture={other.profile_picture} userId={other.id} />
        <div className="min-w-0 flex-1">
          <h2 id="conversation-heading" className="truncate font-semibold text-slate-900">
            {other.full_name}
          </h2>
          <Link
            to={`/project_details/${room.project_id}`}
            className="block truncate text-xs font-medium text-brand-700 hover:underline"
          >
            {room.title}
          </Link>
        </div>
      </header>

      {socketStatus === 'reconnecting' && (
        <p
          role="status"
          className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
        >
          <WifiOff className="h-4 w-4 shrink-0" aria-hidden /> Connection lost. Reconnecting…
        </p>
      )}

      <div
        ref={scroller}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4 sm:px-5"
        data-testid="message-list"
      >
        {status === 'loading' && (
          <p role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-slate-600">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> Loading messages…
          </p>
        )}
        {status === 'error' && (
          <p role="alert" className="alert-error">
            {conversation.error}
          </p>
        )}
        {status === 'ready' && messages.length === 0 && (
          <p className="py-8 text-center text-sm text-slate-600">{CHAT_MESSAGES.noMessages}</p>
        )}
        {status === 'ready' && hasOlder && (
          <div className="mb-3 flex justify-center">
            <button
              type="button"
              onClick={() => void loadOlder()}
              disabled={loadingOlder}
              className="btn-secondary px-3 py-1 text-xs"
            >
              {loadingOlder && <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden />}
              Load older messages
            </button>
          </div>
        )}
        <ol ref={list} className="space-y-2" aria-label="Messages">
          {rows.map((row) =>
            row.kind === 'day' ? (
              <li key={row.key} className="flex items-center gap-3 py-2" aria-label={row.label}>
                <span className="h-px flex-1 bg-slate-200" />
                <span className="text-xs font-semibold text-slate-600">{row.label}</span>
                <span className="h-px flex-1 bg-slate-200" />
              </li>
            ) : (
              <Bubble key={row.key} message={row.message} own={row.message.sender_id === meId} />
            ),
          )}
        </ol>
      </div>

      <div className="h-6 bg-slate-50 px-4 text-xs italic text-slate-600" aria-live="polite">
        {typing && <span data-testid="typing-indicator">{other.full_name} is typing…</span>}
      </div>

      {room.closed ? (
        <p className="flex items-start gap-2 border-t border-slate-200 bg-slate-100 px-4 py-4 text-sm text-slate-700">
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {CHAT_MESSAGES.closed}
        </p>
      ) : (
        <Composer onSend={conversation.send} onTyping={conversation.notifyTyping} connected={connected} />
      )}
    </section>
  );
}

function Bubble({ message, own }: { message: ChatMessage; own: boolean }) {
  return (
    <li className={`flex ${own ? 'justify-end' : 'justify-start'}`} data-testid="message" data-own={own}>
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%] ${
          own
            ? 'rounded-br-sm bg-brand-600 text-white'
            : 'rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200'
        }`}
      >
        {!own && <span className="sr-only">{message.sender_name}: </span>}
        {message.message && (
          // Text, never HTML: React escapes it; line breaks are kept by the white-space rule.
          <p className="whitespace-pre-wrap break-words text-sm">{message.message}</p>
        )}
        {message.attachments && (
          <Attachment
            link={message.attachments}
            name={message.attachment_name}
            own={own}
            senderName={message.sender_name}
          />
        )}
        <p
          className={`mt-1 flex items-center justify-end gap-1 text-[11px] ${own ? 'text-brand-100' : 'text-slate-600'}`}
        >
          <time dateTime={message.created_at}>{messageTime(message.created_at)}</time>
          {own &&
            (message.is_read ? (
              <CheckCheck className="h-3.5 w-3.5" aria-label="Read" data-testid="read-tick" />
            ) : (
              <Check className="h-3.5 w-3.5" aria-label="Sent" data-testid="sent-tick" />
            ))}
        </p>
      </div>
    </li>
  );
}
