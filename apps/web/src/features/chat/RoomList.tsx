// The inbox's room list: the other person (avatar with an online dot), the project, the last
// message and when, and how many messages are unread.
import type { ChatRoom } from '@app/shared';
import { Lock } from 'lucide-react';
import { Avatar } from '../../components/avatar/Avatar';
import { useIsOnline } from '../../lib/socket';
import { listTime, previewText } from './conversation';

export function RoomList({
  rooms,
  meId,
  selectedId,
  onSelect,
}: {
  rooms: ChatRoom[];
  meId: string;
  selectedId: string | null;
  onSelect: (roomId: string) => void;
}) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Conversations">
      {rooms.map((room) => (
        <li key={room.id}>
          <RoomItem room={room} meId={meId} selected={room.id === selectedId} onSelect={onSelect} />
        </li>
      ))}
    </ul>
  );
}

function RoomItem({
  room,
  meId,
  selected,
  onSelect,
}: {
  room: ChatRoom;
  meId: string;
  selected: boolean;
  onSelect: (roomId: string) => void;
}) {
  const other = room.other_user;
  const unread = room.unread_count;
  const when = room.last_message?.created_at ?? null;
  return (
    <button
      type="button"
      onClick={() => onSelect(room.id)}
      aria-current={selected ? 'true' : undefined}
      data-testid="chat-room"
      className={`flex w-full items-start gap-3 px-4 py-3 text-left transition hover:bg-slate-50 focus-visible:bg-slate-50 ${
        selected ? 'bg-brand-50 hover:bg-brand-50' : ''
      }`}
    >
      <PresenceAvatar name={other.full_name} picture={other.profile_picture} userId={other.id} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={`truncate text-sm text-slate-900 ${unread ? 'font-bold' : 'font-semibold'}`}>
            {other.full_name}
          </span>
          {when && <span className="shrink-0 text-xs text-slate-600">{listTime(when)}</span>}
        </span>
        <span className="flex items-center gap-1 truncate text-xs font-medium text-brand-700">
          {room.closed && <Lock className="h-3 w-3 shrink-0" aria-label="Closed" />}
          <span className="truncate">{room.title}</span>
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className={`truncate text-sm ${unread ? 'font-semibold text-slate-900' : 'text-slate-600'}`}>
            {previewText(room.last_message, meId)}
          </span>
          {unread > 0 && (
            <span
              data-testid="room-unread"
              className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-brand-600 px-1.5 text-[11px] font-bold text-white"
            >
              <span aria-hidden>{unread > 99 ? '99+' : unread}</span>
              <span className="sr-only">{unread} unread</span>
            </span>
          )}
        </span>
      </span>
    </button>
  );
}

/** The avatar with a green dot while the person is online. */
export function PresenceAvatar({
  name,
  picture,
  userId,
}: {
  name: string;
  picture: string | null;
  userId: string;
}) {
  const online = useIsOnline(userId);
  return (
    <span className="relative shrink-0">
      <Avatar name={name} picture={picture} />
      <span
        data-testid="presence-dot"
        data-online={online}
        className={`absolute bottom-0 right-0 h-3 w-3 rounded-full ring-2 ring-white ${
          online ? 'bg-emerald-500' : 'bg-slate-300'
        }`}
      />
      <span className="sr-only">{online ? 'Online' : 'Offline'}</span>
    </span>
  );
}
