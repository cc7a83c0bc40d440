/** The inbox of `userId`, with `roomId` open. */
export const inboxPath = (userId: string, roomId?: string) =>
  `/inbox/${encodeURIComponent(userId)}${roomId ? `?room=${encodeURIComponent(roomId)}` : ''}`;
