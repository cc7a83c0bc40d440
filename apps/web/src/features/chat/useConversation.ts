// The open conversation: its history (the newest page first, older pages on demand), live
// messages, read receipts both ways, the other person's typing and presence. The room is
// joined on every connection, and after a reconnection the newest page is read again so
// nothing sent meanwhile is missed.
import { type ChatMessage, type ChatRoom, TYPING_INDICATOR_MS, TYPING_THROTTLE_MS } from '@app/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/apiErrors';
import {
  noteOnline,
  socketConnected,
  socketRequest,
  useSocketConnect,
  useSocketEvent,
  useSocketReconnect,
} from '../../lib/socket';
import { useLazyChatMessagesQuery } from './api';
import { markMessagesRead, mergeMessages, unreadFor } from './conversation';

export type SendResult = { ok: true } | { ok: false; message: string };

const pageVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

export function useConversation(room: ChatRoom, meId: string) {
  const roomId = room.id;
  const otherId = room.other_user.id;
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [typing, setTyping] = useState(false);
  const [fetchPage] = useLazyChatMessagesQuery();
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTypingSent = useRef(0);
  const current = useRef(roomId);
  current.current = roomId;

  const loadNewest = useCallback(
    async (fresh: boolean) => {
      const result = await fetchPage({ roomId });
      if (current.current !== roomId) return;
      if (result.data) {
        const page = result.data;
        setMessages((list) => (fresh ? page.messages : mergeMessages(list, page.messages)));
        if (fresh) setOlderCursor(page.next_cursor);
        setStatus('ready');
      } else if (fresh) {
        setError(errorMessage(result.error, 'Could not load the messages.'));
        setStatus('error');
      }
    },
    [fetchPage, roomId],
  );

  // A new room: start from its newest page.
  useEffect(() => {
    setMessages([]);
    setOlderCursor(null);
    setStatus('loading');
    setError(null);
    setTyping(false);
    void loadNewest(true);
  }, [loadNewest]);

  const loadOlder = useCallback(async () => {
    if (!olderCursor || loadingOlder) return;
    setLoadingOlder(true);
    const result = await fetchPage({ roomId, before: olderCursor });
    if (current.current === roomId && result.data) {
      const page = result.data;
      setMessages((list) => mergeMessages(list, page.messages));
      setOlderCursor(page.next_cursor);
    }
    setLoadingOlder(false);
  }, [fetchPage, loadingOlder, olderCursor, roomId]);

  // Live events reach the sockets that joined the room: join now and after every connection.
  const join = useCallback(async () => {
    const answer = await socketRequest('join_room', { room_id: roomId });
    if (answer.ok) noteOnline(otherId, answer.online);
  }, [otherId, roomId]);
  useEffect(() => {
    if (socketConnected()) void join();
  }, [join]);
  // Counts connections, so reads that could not be told while offline are told after.
  const [connections, setConnections] = useState(0);
  useSocketConnect(() => {
    void join();
    setConnections((n) => n + 1);
  });
  useSocketReconnect(() => {
    void loadNewest(false);
  });

  useSocketEvent('receive_message', (m) => {
    if (m.room_id !== roomId) return;
    setMessages((list) => mergeMessages(list, [m]));
    if (m.sender_id === otherId) {
      setTyping(false);
      clearTimeout(typingTimer.current);
    }
  });
  useSocketEvent('message_read_ack', ({ room_id, message_ids }) => {
    if (room_id === roomId) setMessages((list) => markMessagesRead(list, message_ids));
  });
  useSocketEvent('user_typing', ({ room_id, user_id }) => {
    if (room_id !== roomId || user_id === meId) return;
    setTyping(true);
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => setTyping(false), TYPING_INDICATOR_MS);
  });
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  // What the user has in front of them is read: tell the server (the sender sees the ticks).
  const unreadIds = unreadFor(messages, meId)
    .map((m) => m.id)
    .join(',');
  const [visible, setVisible] = useState(pageVisible);
  useEffect(() => {
    const onChange = () => setVisible(pageVisible());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new connection is a reason to try again
  useEffect(() => {
    if (!unreadIds || !visible) return;
    void socketRequest('mark_messages_read', { room_id: roomId }).then((answer) => {
      if (answer.ok && current.current === roomId)
        setMessages((list) => markMessagesRead(list, answer.message_ids));
    });
  }, [unreadIds, visible, roomId, connections]);

  const send = useCallback(
    async (text: string, attachment: string | null): Promise<SendResult> => {
      const answer = await socketRequest('send_message', {
        room_id: roomId,
        sender_id: meId,
        receiver_id: otherId,
        message: text,
        attachments: attachment,
      });
      if (!answer.ok) return answer;
      if (current.current === roomId) setMessages((list) => mergeMessages(list, [answer.message]));
      return { ok: true };
    },
    [meId, otherId, roomId],
  );

  /** Called on every keystroke; tells the room at most once per TYPING_THROTTLE_MS. */
  const notifyTyping = useCallback(() => {
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_THROTTLE_MS) return;
    lastTypingSent.current = now;
    void socketRequest('typing', { room_id: roomId });
  }, [roomId]);

  return {
    messages,
    status,
    error,
    hasOlder: olderCursor !== null,
    loadingOlder,
    loadOlder,
    typing,
    send,
    notifyTyping,
  };
}
