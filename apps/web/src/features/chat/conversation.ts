// The open conversation's messages as pure functions: pages of history and live messages
// merged by id in time order (newest last), read receipts applied, and the day separators.
import type { ChatMessage, ChatRoom } from '@app/shared';
import { formatLongDay, formatMonthDay, formatTime, localDay } from '../../lib/format';

export type Conversation = {
  messages: ChatMessage[];
  /** Cursor for the page of older messages; null when the oldest is loaded. */
  olderCursor: string | null;
};

const byTime = (a: ChatMessage, b: ChatMessage) =>
  a.created_at === b.created_at ? a.id.localeCompare(b.id) : a.created_at < b.created_at ? -1 : 1;

/** Adds messages (a page, a live one, a refetch after reconnecting) without duplicates. */
export function mergeMessages(list: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return list;
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) {
    const known = byId.get(m.id);
    // A message once read stays read, whichever copy arrives later.
    byId.set(m.id, known?.is_read ? { ...m, is_read: true } : m);
  }
  return [...byId.values()].sort(byTime);
}

/** Marks these messages read (a read receipt, or the reader's own tab reading them). */
export function markMessagesRead(list: ChatMessage[], ids: string[]): ChatMessage[] {
  const set = new Set(ids);
  let changed = false;
  const next = list.map((m) => {
    if (!set.has(m.id) || m.is_read) return m;
    changed = true;
    return { ...m, is_read: true };
  });
  return changed ? next : list;
}

/** The messages `userId` received and has not read yet. */
export const unreadFor = (list: ChatMessage[], userId: string): ChatMessage[] =>
  list.filter((m) => m.receiver_id === userId && !m.is_read);

export type Row =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: ChatMessage };

/** 'Today', 'Yesterday', else 'Monday, March 2, 2026'. */
export function dayText(iso: string, now = new Date()): string {
  const key = localDay(iso);
  if (key === localDay(now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === localDay(yesterday)) return 'Yesterday';
  return formatLongDay(new Date(iso));
}

/** The messages with a day separator before the first message of each day. */
export function withDaySeparators(list: ChatMessage[], now = new Date()): Row[] {
  const rows: Row[] = [];
  let lastDay = '';
  for (const m of list) {
    const day = localDay(m.created_at);
    if (day !== lastDay) {
      rows.push({ kind: 'day', key: `day-${day}`, label: dayText(m.created_at, now) });
      lastDay = day;
    }
    rows.push({ kind: 'message', key: m.id, message: m });
  }
  return rows;
}

/** Whether a stored link is an image the conversation can preview. */
export const isImageLink = (link: string) => /\.(png|jpe?g|gif|webp)$/i.test(link);

/** The stored file name of an attachment link. */
export const attachmentName = (link: string) => link.slice(link.lastIndexOf('/') + 1);

/** What an attachment is called on screen: stored names are random, so its kind ('PDF file'). */
export function attachmentLabel(link: string): string {
  const dot = link.lastIndexOf('.');
  const ext = dot > link.lastIndexOf('/') ? link.slice(dot + 1).toUpperCase() : '';
  if (isImageLink(link)) return `image (${ext})`;
  return ext ? `${ext} file` : 'file';
}

/** The room list's one-line preview of the last message. */
export function previewText(
  last: { message: string; attachments: string | null; sender_id: string } | null,
  userId: string,
): string {
  if (!last) return 'No messages yet';
  const body = last.message.trim() || (last.attachments ? 'Sent an attachment' : '');
  return last.sender_id === userId ? `You: ${body}` : body;
}

/** The time of a message: '3:05 PM'. */
export const messageTime = (iso: string) => formatTime(new Date(iso));

/** The room list's time: the time today, else the day ('Mar 4'). */
export function listTime(iso: string, now = new Date()): string {
  return localDay(iso) === localDay(now) ? formatTime(new Date(iso)) : formatMonthDay(new Date(iso));
}

/**
 * The inbox order: conversations with messages first, the latest message first; then the
 * empty ones (a deal just made), newest first. An empty room must not sit above a live one
 * just because it was opened later.
 */
export function sortRooms<R extends Pick<ChatRoom, 'id' | 'updated_at' | 'last_message'>>(
  rooms: readonly R[],
): R[] {
  const when = (r: R) => r.last_message?.created_at ?? r.updated_at;
  return [...rooms].sort((a, b) => {
    if (!!a.last_message !== !!b.last_message) return a.last_message ? -1 : 1;
    const ta = when(a);
    const tb = when(b);
    return ta === tb ? a.id.localeCompare(b.id) : ta < tb ? 1 : -1;
  });
}
