import { describe, expect, it } from 'vitest';
import { canAskForDealRoom, canListRoomsOf, canReadRoom, isRoomMember, otherMember } from './chat.policy.ts';

const client = { id: 'c', role: 'client' as const };
const engineer = { id: 'e', role: 'engineer' as const };
const admin = { id: 'a', role: 'admin' as const };
const stranger = { id: 's', role: 'client' as const };
const room = { clientId: 'c', engineerId: 'e' };

describe('chat policy', () => {
  it('lets the two members write and read, and an admin only read a room in dispute', () => {
    expect(isRoomMember(client, room)).toBe(true);
    expect(isRoomMember(engineer, room)).toBe(true);
    expect(isRoomMember(admin, room)).toBe(false);
    expect(isRoomMember(stranger, room)).toBe(false);
    expect(canReadRoom(client, room, 'completed')).toBe(true);
    expect(canReadRoom(admin, room, 'assigned')).toBe(false);
    expect(canReadRoom(admin, room, 'problem')).toBe(true);
    expect(canReadRoom(stranger, room, 'problem')).toBe(false);
  });

  it('names the other member', () => {
    expect(otherMember(room, 'c')).toBe('e');
    expect(otherMember(room, 'e')).toBe('c');
  });

  it('lets only the deal’s own client or engineer ask for its room', () => {
    const deal = { client_id: 'c', engineer_id: 'e' };
    expect(canAskForDealRoom(client, deal)).toBe(true);
    expect(canAskForDealRoom(engineer, deal)).toBe(true);
    expect(canAskForDealRoom(stranger, deal)).toBe(false);
    // Ids swapped into the wrong role grant nothing.
    expect(canAskForDealRoom({ id: 'e', role: 'client' }, deal)).toBe(false);
    expect(canAskForDealRoom(admin, { client_id: 'a', engineer_id: 'e' })).toBe(false);
  });

  it('shows a room list only to its owner', () => {
    expect(canListRoomsOf(client, 'c')).toBe(true);
    expect(canListRoomsOf(client, 'e')).toBe(false);
  });
});
