// One notification: message and date/time; unread ones are tinted and marked with a dot.
// Linked ones open their in-app page. Deleted with the trash button or by dragging the
// item left more than 70 px (the drag stops at 150 px); a shorter drag snaps back.
import type { NotificationDto } from '@app/shared';
import { ChevronRight, Trash2 } from 'lucide-react';
import { type PointerEvent, useRef, useState } from 'react';
import { formatDateTime } from '../../lib/format';

export const SWIPE_DELETE_PX = 70;
export const SWIPE_MAX_PX = 150;
/** Movement under this is a tap, not a drag. */
const TAP_SLOP_PX = 6;

export function NotificationItem({
  notification: n,
  onOpen,
  onDelete,
}: {
  notification: NotificationDto;
  onOpen: (n: NotificationDto) => void;
  onDelete: (n: NotificationDto) => void;
}) {
  const [dx, setDx] = useState(0);
  const [dragging, setDragging] = useState(false);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const moved = useRef(false);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    if ((e.target as HTMLElement).closest('[data-no-swipe]')) return;
    start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    moved.current = false;
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const s = start.current;
    if (!s || s.id !== e.pointerId) return;
    const delta = e.clientX - s.x;
    if (!moved.current) {
      if (Math.abs(delta) < TAP_SLOP_PX) return;
      moved.current = true;
      setDragging(true);
      e.currentTarget.setPointerCapture(e.pointerId);
    }
    setDx(Math.max(-SWIPE_MAX_PX, Math.min(0, delta)));
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    const s = start.current;
    if (!s || s.id !== e.pointerId) return;
    start.current = null;
    setDragging(false);
    if (!moved.current) return;
    const delta = Math.max(-SWIPE_MAX_PX, Math.min(0, e.clientX - s.x));
    if (e.type === 'pointerup' && delta < -SWIPE_DELETE_PX) onDelete(n);
    else setDx(0);
  };

  const when = formatDateTime(n.created_at);
  const clickable = !!n.notification_link;
  const body = (
    <>
      <span
        className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.is_read ? 'bg-transparent' : 'bg-brand-600'}`}
        aria-hidden
      />
      <span className="min-w-0 flex-1">
        <span className={`block text-sm ${n.is_read ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>
          {!n.is_read && <span className="sr-only">Unread: </span>}
          {n.message}
        </span>
        <time dateTime={n.created_at} className="mt-0.5 block text-xs text-slate-500">
          {when}
        </time>
      </span>
      {clickable && <ChevronRight className="mt-1 h-4 w-4 shrink-0 text-slate-400" aria-hidden />}
    </>
  );

  return (
    <li
      className="relative overflow-hidden border-b border-slate-100 last:border-b-0"
      data-testid="notification"
    >
      <div
        className="absolute inset-y-0 right-0 flex w-40 items-center justify-end bg-red-600 pr-5 text-white"
        aria-hidden
      >
        <Trash2 className="h-5 w-5" />
      </div>
      <div
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={(e) => {
          // The click that ends a drag is not a tap on the item.
          if (moved.current) {
            e.preventDefault();
            e.stopPropagation();
            moved.current = false;
          }
        }}
        style={{ transform: `translateX(${dx}px)`, touchAction: 'pan-y' }}
        className={`relative flex items-start gap-1 ${n.is_read ? 'bg-white' : 'bg-brand-50'} ${
          dragging ? '' : 'transition-transform duration-200'
        }`}
        data-unread={!n.is_read}
      >
        {clickable || !n.is_read ? (
          <button
            type="button"
            onClick={() => onOpen(n)}
            className={`flex min-w-0 flex-1 items-start gap-3 py-3 pl-4 text-left ${
              clickable ? 'cursor-pointer hover:bg-slate-50/70' : 'cursor-default'
            }`}
            title={clickable ? undefined : 'Mark as read'}
          >
            {body}
          </button>
        ) : (
          <div className="flex min-w-0 flex-1 items-start gap-3 py-3 pl-4">{body}</div>
        )}
        <button
          type="button"
          data-no-swipe
          onClick={() => onDelete(n)}
          aria-label="Delete notification"
          className="m-2 shrink-0 rounded-md p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-700"
        >
          <Trash2 className="h-4 w-4" aria-hidden />
        </button>
      </div>
    </li>
  );
}
