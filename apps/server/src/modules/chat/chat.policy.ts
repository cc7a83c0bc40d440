// Who may do what in a chat room (docs/PRODUCT.md#roles, docs/PRODUCT.md#protected-data):
// its two members read and write; an admin reads a room only while its project is in
// dispute (status 'problem'), and never writes. An id in a path or payload grants nothing.
import type { ProjectStatus } from '@app/shared';
import type { Actor } from '../../lib/policy.ts';

type Room = { clientId: string; engineerId: string };

/** Sending and typing: members only (a closed room is refused separately, with its own message). */
export const isRoomMember = (user: Pick<Actor, 'id'>, room: Room): boolean =>
  user.id === room.clientId || user.id === room.engineerId;

/** Reading the history and joining the room's live events. */
export const canReadRoom = (user: Actor, room: Room, projectStatus: ProjectStatus): boolean =>
  isRoomMember(user, room) || (user.role === 'admin' && projectStatus === 'problem');

/** The member who is not `userId`. */
export const otherMember = (room: Room, userId: string): string =>
  room.clientId === userId ? room.engineerId : room.clientId;

/** Finding or creating a deal's room: one of its two people, asking about themselves. */
export const canAskForDealRoom = (user: Actor, deal: { client_id: string; engineer_id: string }): boolean =>
  (user.role === 'client' && user.id === deal.client_id) ||
  (user.role === 'engineer' && user.id === deal.engineer_id);

/** Room lists and unread counts: only one's own. */
export const canListRoomsOf = (user: Actor, userId: string): boolean => user.id === userId;
