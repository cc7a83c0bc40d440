import type { ChatMessage } from '@app/shared';
import { describe, expect, it } from 'vitest';
import {
  attachmentLabel,
  attachmentName,
  dayText,
  isImageLink,
  markMessagesRead,
  mergeMessages,
  previewText,
  sortRooms,
  unreadFor,
  withDaySeparators,
} from './conversation';

const msg = (id: string, created_at: string, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  room_id: 'r',
  sender_id: 'a',
  receiver_id: 'b',
  message: id,
  attachments: null,
  attachment_name: null,
  is_read: false,
  created_at,
  sender_name: 'A',
  sender_profile: null,
  ...over,
});

describe('conversation', () => {
  it('merges pages and live messages by id, oldest first, keeping read state', () => {
    const page = [msg('2', '2026-03-02T10:00:00.000Z'), msg('3', '2026-03-02T11:00:00.000Z')];
    const older = [msg('1', '2026-03-01T10:00:00.000Z'), msg('2', '2026-03-02T10:00:00.000Z')];
    const merged = mergeMessages(page, older);
    expect(merged.map((m) => m.id)).toEqual(['1', '2', '3']);
    const read = markMessagesRead(merged, ['3']);
    // A refetch that still says unread does not undo a receipt already applied.
    const again = mergeMessages(read, [msg('3', '2026-03-02T11:00:00.000Z')]);
    expect(again.find((m) => m.id === '3')?.is_read).toBe(true);
    expect(mergeMessages(again, [])).toBe(again);
  });

  it('marks only the named messages read, and answers the same list when nothing changed', () => {
    const list = [msg('1', '2026-03-01T10:00:00.000Z'), msg('2', '2026-03-01T11:00:00.000Z')];
    expect(markMessagesRead(list, ['2']).map((m) => m.is_read)).toEqual([false, true]);
    expect(markMessagesRead(list, ['x'])).toBe(list);
    expect(unreadFor(list, 'b').map((m) => m.id)).toEqual(['1', '2']);
    expect(unreadFor(list, 'a')).toEqual([]);
  });

  it('puts a day separator before the first message of each day', () => {
    const now = new Date(2026, 2, 10, 12);
    const rows = withDaySeparators(
      [
        msg('1', new Date(2026, 2, 2, 9).toISOString()),
        msg('2', new Date(2026, 2, 2, 18).toISOString()),
        msg('3', new Date(2026, 2, 9, 8).toISOString()),
        msg('4', new Date(2026, 2, 10, 8).toISOString()),
      ],
      now,
    );
    expect(rows.map((r) => (r.kind === 'day' ? r.label : r.message.id))).toEqual([
      'Monday, March 2, 2026',
      '1',
      '2',
      'Yesterday',
      '3',
      'Today',
      '4',
    ]);
    expect(dayText(new Date(2026, 2, 10, 0, 1).toISOString(), now)).toBe('Today');
  });

  it('previews the last message, an attachment and an empty room', () => {
    expect(previewText(null, 'a')).toBe('No messages yet');
    expect(previewText({ message: 'Hi', attachments: null, sender_id: 'a' }, 'a')).toBe('You: Hi');
    expect(previewText({ message: ' ', attachments: '/files/x.pdf', sender_id: 'b' }, 'a')).toBe(
      'Sent an attachment',
    );
  });

  it('tells images from other files', () => {
    expect(isImageLink('/files/abc.PNG')).toBe(true);
    expect(isImageLink('/files/abc.pdf')).toBe(false);
    expect(attachmentName('/files/abc.pdf')).toBe('abc.pdf');
    expect(attachmentLabel('/files/abc.pdf')).toBe('PDF file');
    expect(attachmentLabel('/files/abc.jpeg')).toBe('image (JPEG)');
    expect(attachmentLabel('/files/abc')).toBe('file');
  });
});

describe('sortRooms', () => {
  const room = (id: string, updated_at: string, last: string | null) => ({
    id,
    updated_at,
    last_message: last
      ? { id: `m-${id}`, sender_id: 'a', message: 'hi', attachments: null, created_at: last }
      : null,
  });
  it('puts conversations with messages first, latest first, and empty ones below', () => {
    const rooms = [
      room('empty-new', '2026-11-27T10:00:00Z', null),
      room('old-talk', '2026-11-20T10:00:00Z', '2026-11-21T09:00:00Z'),
      room('empty-old', '2026-11-01T10:00:00Z', null),
      room('fresh-talk', '2026-11-22T10:00:00Z', '2026-11-26T09:00:00Z'),
    ];
    expect(sortRooms(rooms).map((r) => r.id)).toEqual(['fresh-talk', 'old-talk', 'empty-new', 'empty-old']);
  });
});
