// Chat over real sockets (socket.io-client against the listening app): joining, sending,
// typing, read receipts, presence, offline notifications, and refusals of bad payloads and
// of people outside the room.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatRooms, notifications, projects } from '../../db/schema/index.ts';
import { createDeal } from '../../test/fixtures/chat.ts';
import { uploaded } from '../../test/fixtures/files.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';
import { connect, listen, nextEvent, record, request, type TestSocket } from '../../test/sockets.ts';
import { roomLink } from './chat.service.ts';
import { closeDealRoom } from './rooms.ts';

let app: TestApp;
let url: string;
const open: TestSocket[] = [];
beforeAll(async () => {
  app = await createTestApp();
  url = await listen(app);
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(() => app.dispose());

async function socketOf(token?: string, prepare?: (s: TestSocket) => void) {
  const s = await connect(url, token, prepare);
  open.push(s);
  return s;
}
const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

describe('chat sockets', () => {
  it('a message goes from the sender (never the payload’s sender_id) to the room and the receiver', async () => {
    const { client, engineer, room } = await createDeal(app);
    const c = await socketOf(client.token);
    const e = await socketOf(engineer.token);
    const eOtherTab = await socketOf(engineer.token);
    expect(await request(c, 'join_room', { room_id: room!.id })).toEqual({ ok: true, online: true });
    expect(await request(e, 'join_room', { room_id: room!.id })).toEqual({ ok: true, online: true });

    const received = nextEvent<{ id: string; message: string; sender_id: string }>(e, 'receive_message');
    const notified = nextEvent<{ room_id: string }>(eOtherTab, 'new_message_notification');
    const ack = await request(c, 'send_message', {
      room_id: room!.id,
      sender_id: engineer.id,
      receiver_id: client.id,
      message: '  <img src=x onerror=alert(1)> Can you check the beam?  ',
    });
    expect(ack.ok, ack.message).toBe(true);
    const sent = ack.message as unknown as Record<string, unknown>;
    expect(sent).toMatchObject({
      room_id: room!.id,
      sender_id: client.id,
      receiver_id: engineer.id,
      message: '<img src=x onerror=alert(1)> Can you check the beam?',
      is_read: false,
      sender_name: client.fullName,
    });
    expect((await received).id).toBe(sent.id);
    expect(await notified).toEqual({ room_id: room!.id });
    // The other tab did not join the room, so it gets no copy of the message.
    const stray = record(eOtherTab, 'receive_message');
    await settle();
    expect(stray).toHaveLength(0);
    // Both were online: no notification was stored.
    const stored = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, engineer.id));
    expect(stored).toHaveLength(0);
  });

  it('an outsider cannot join the room, send to it, type in it or mark it read', async () => {
    const { client, room } = await createDeal(app);
    const outsider = await createUser(app, { role: 'engineer' });
    const o = await socketOf(outsider.token);
    const c = await socketOf(client.token);
    await request(c, 'join_room', { room_id: room!.id });
    const leaks = record(o, 'receive_message');
    const typing = record(c, 'user_typing');

    for (const [event, payload] of [
      ['join_room', { room_id: room!.id }],
      ['send_message', { room_id: room!.id, message: 'let me in' }],
      ['typing', { room_id: room!.id }],
      ['mark_messages_read', { room_id: room!.id }],
      ['message_read', { room_id: room!.id, message_ids: [room!.id] }],
    ] as const) {
      const res = await request(o, event, payload);
      expect(res, event).toEqual({ ok: false, message: 'You are not a member of this chat.' });
    }
    await request(c, 'send_message', { room_id: room!.id, message: 'members only' });
    await settle();
    expect(leaks).toHaveLength(0);
    expect(typing).toHaveLength(0);
    const rows = await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.roomId, room!.id));
    expect(rows.map((r) => r.message)).toEqual(['members only']);

    // Signed out sockets can do nothing at all.
    const anon = await socketOf();
    expect(await request(anon, 'join_room', { room_id: room!.id })).toEqual({
      ok: false,
      message: 'Please sign in to continue.',
    });
    // An admin joins only while the project is in dispute, and then only listens.
    const admin = await createUser(app, { role: 'admin' });
    const a = await socketOf(admin.token);
    expect((await request(a, 'join_room', { room_id: room!.id })).ok).toBe(false);
    await app.ctx.db.update(projects).set({ status: 'problem' }).where(eq(projects.id, room!.projectId));
    expect(await request(a, 'join_room', { room_id: room!.id })).toEqual({ ok: true, online: false });
    expect((await request(a, 'send_message', { room_id: room!.id, message: 'staff' })).ok).toBe(false);
    expect((await request(a, 'typing', { room_id: room!.id })).ok).toBe(false);
  });

  it('bad payloads get an error acknowledgement and the server keeps serving', async () => {
    const { client, room } = await createDeal(app);
    const c = await socketOf(client.token);
    const cases: Array<[string, unknown, RegExp]> = [
      ['send_message', { room_id: room!.id, message: '   ' }, /Write a message or attach a file/],
      ['send_message', { room_id: room!.id }, /Write a message or attach a file/],
      ['send_message', { room_id: room!.id, message: 'x'.repeat(5001) }, /at most 5,000 characters/],
      ['send_message', { room_id: room!.id, message: 'a\u0000b' }, /null characters/],
      ['send_message', { room_id: 'not-a-room', message: 'hi' }, /Invalid id/],
      ['send_message', { room_id: room!.id, message: 42 }, /./],
      [
        'send_message',
        { room_id: room!.id, message: '', attachments: 'https://evil.example/x.png' },
        /file uploaded here/,
      ],
      ['send_message', null, /./],
      ['send_message', 'hello', /./],
      ['join_room', [room!.id], /./],
      ['join_room', { room_id: '00000000-0000-4000-8000-000000000000' }, /Chat room not found/],
      ['message_read', { room_id: room!.id, message_ids: [] }, /./],
      ['message_read', { room_id: room!.id, message_ids: ['x'] }, /Invalid id/],
      ['typing', {}, /./],
    ];
    for (const [event, payload, message] of cases) {
      const res = await request(c, event, payload);
      expect(res.ok, `${event} ${JSON.stringify(payload)}`).toBe(false);
      expect(res.message).toMatch(message);
    }
    // Without an acknowledgement callback nothing breaks either.
    c.emit('send_message', { room_id: room!.id, message: '' });
    (c as unknown as { emit(e: string, ...a: unknown[]): void }).emit('send_message');
    expect(c.connected).toBe(true);
    expect((await request(c, 'send_message', { room_id: room!.id, message: 'still here' })).ok).toBe(true);
  });

  it('a closed room refuses new messages with a clear message', async () => {
    const { client, room, deal } = await createDeal(app);
    await closeDealRoom(app.ctx.db, deal);
    const c = await socketOf(client.token);
    expect((await request(c, 'join_room', { room_id: room!.id })).ok).toBe(true);
    expect(await request(c, 'send_message', { room_id: room!.id, message: 'anyone?' })).toEqual({
      ok: false,
      message: 'This chat is closed: no new messages can be sent. Its history stays readable.',
    });
  });

  it('a file goes with the message to the other member only; a refused message leaves nothing behind', async () => {
    const { client, engineer, room } = await createDeal(app);
    const outsider = await createUser(app, { role: 'engineer' });
    const c = await socketOf(client.token);
    const own = await uploaded(app, 'chat_attachment', client.auth);
    const ack = await request(c, 'send_message', { room_id: room!.id, message: '', attachments: own });
    expect(ack.ok, ack.message).toBe(true);
    expect((ack.message as unknown as { attachments: string }).attachments).toBe(own);
    // Sent and listed with the name its sender gave it ('upload.bin' read as the PDF it is).
    expect((ack.message as unknown as { attachment_name: string }).attachment_name).toBe('upload.pdf');
    const listed = await app.inject({
      method: 'GET',
      url: `/api/chat/messages/${room!.id}`,
      headers: engineer.auth,
    });
    expect(listed.json().messages.at(-1)).toMatchObject({ attachments: own, attachment_name: 'upload.pdf' });
    const read = (link: string, auth?: Record<string, string>) =>
      app.inject({ method: 'GET', url: link, headers: auth ?? {} }).then((r) => r.statusCode);
    expect(await read(own, engineer.auth)).toBe(200);
    expect(await read(own, outsider.auth)).toBe(404);

    // Someone else's upload, or a room one is not in: refused, and nothing is written.
    const [before] = await app.ctx.db.select().from(chatRooms).where(eq(chatRooms.id, room!.id));
    const count = async () =>
      (await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.roomId, room!.id))).length;
    const messagesBefore = await count();
    const theirs = await uploaded(app, 'chat_attachment', outsider.auth);
    expect(
      await request(c, 'send_message', { room_id: room!.id, message: 'x', attachments: theirs }),
    ).toEqual({
      ok: false,
      message: 'The attachment must be a file uploaded here.',
    });
    const o = await socketOf(outsider.token);
    const mine = await uploaded(app, 'chat_attachment', outsider.auth);
    expect(
      (await request(o, 'send_message', { room_id: room!.id, message: 'x', attachments: mine })).ok,
    ).toBe(false);
    expect((await request(o, 'send_message', { room_id: room!.id, message: 'x' })).ok).toBe(false);
    expect(await count()).toBe(messagesBefore);
    const [after] = await app.ctx.db.select().from(chatRooms).where(eq(chatRooms.id, room!.id));
    expect(after.updatedAt).toEqual(before.updatedAt);
    // The outsider's file was not given to the room: its members still cannot open it.
    expect(await read(mine, client.auth)).toBe(404);
  });

  it('limits how fast one person sends', async () => {
    const { client, room } = await createDeal(app);
    const c = await socketOf(client.token);
    const results = [];
    for (let i = 0; i < 22; i++)
      results.push(await request(c, 'send_message', { room_id: room!.id, message: `burst ${i}` }));
    expect(results.slice(0, 20).every((r) => r.ok)).toBe(true);
    expect(results[20]).toEqual({
      ok: false,
      message: 'You are sending messages too fast. Please wait a moment.',
    });
  });

  it('typing reaches the other member only', async () => {
    const { client, engineer, room } = await createDeal(app);
    const c = await socketOf(client.token);
    const e = await socketOf(engineer.token);
    await request(c, 'join_room', { room_id: room!.id });
    await request(e, 'join_room', { room_id: room!.id });
    const own = record(c, 'user_typing');
    const seen = nextEvent(e, 'user_typing');
    expect(await request(c, 'typing', { room_id: room!.id })).toEqual({ ok: true });
    expect(await seen).toEqual({ room_id: room!.id, user_id: client.id });
    await settle();
    expect(own).toHaveLength(0);
  });

  it('read receipts reach the sender, and the reader’s count falls', async () => {
    const { client, engineer, room } = await createDeal(app);
    const c = await socketOf(client.token);
    const e = await socketOf(engineer.token);
    await request(c, 'join_room', { room_id: room!.id });
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      const res = await request(c, 'send_message', { room_id: room!.id, message: text });
      ids.push((res.message as unknown as { id: string }).id);
    }
    const count = () =>
      app
        .inject({ method: 'GET', url: `/api/chat/unread_messages/${engineer.id}`, headers: engineer.auth })
        .then((r) => r.json().unread_count);
    expect(await count()).toBe(3);

    // The engineer reads one message, then the rest.
    const first = nextEvent(c, 'message_read_ack');
    const ownTab = nextEvent(e, 'message_read_ack');
    expect(await request(e, 'message_read', { room_id: room!.id, message_ids: [ids[0]] })).toEqual({
      ok: true,
      message_ids: [ids[0]],
    });
    expect(await first).toEqual({ room_id: room!.id, message_ids: [ids[0]], reader_id: engineer.id });
    await ownTab;
    expect(await count()).toBe(2);
    const rest = nextEvent<{ message_ids: string[] }>(c, 'message_read_ack');
    const res = await request(e, 'mark_messages_read', { room_id: room!.id });
    expect((res.message_ids as string[]).sort()).toEqual([ids[1], ids[2]].sort());
    expect((await rest).message_ids.sort()).toEqual([ids[1], ids[2]].sort());
    expect(await count()).toBe(0);
    // Nothing left to read: no receipt, no change.
    expect(await request(e, 'mark_messages_read', { room_id: room!.id })).toEqual({
      ok: true,
      message_ids: [],
    });
    // A sender cannot mark their own messages read.
    const more = await request(c, 'send_message', { room_id: room!.id, message: 'four' });
    expect(await request(c, 'mark_messages_read', { room_id: room!.id })).toEqual({
      ok: true,
      message_ids: [],
    });
    const [row] = await app.ctx.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.id, (more.message as unknown as { id: string }).id));
    expect(row.isRead).toBe(false);
  });

  it('presence: partners see each other come and go; the list on connection names who is online', async () => {
    const { client, engineer } = await createDeal(app);
    const stranger = await createUser(app, { role: 'client' });
    const s = await socketOf(stranger.token);
    const strangerSaw = record(s, 'online_status');

    let clientList: Promise<string[]> = Promise.resolve([]);
    const c = await socketOf(client.token, (sock) => {
      clientList = nextEvent<string[]>(sock, 'online_status_list');
    });
    // Nobody the client chats with was online yet.
    expect(await clientList).toEqual([]);
    const cameOnline = nextEvent(c, 'online_status', (p: { user_id: string }) => p.user_id === engineer.id);
    let engineerList: Promise<string[]> = Promise.resolve([]);
    const e = await socketOf(engineer.token, (sock) => {
      engineerList = nextEvent<string[]>(sock, 'online_status_list');
    });
    expect(await cameOnline).toEqual({ user_id: engineer.id, online: true });
    expect(await engineerList).toEqual([client.id]);

    // A second tab is no new presence, and closing it leaves the engineer online.
    const heard = record(c, 'online_status');
    const e2 = await socketOf(engineer.token);
    e2.disconnect();
    await settle(300);
    expect(heard).toHaveLength(0);
    expect(await app.ctx.realtime.isOnline(engineer.id)).toBe(true);
    const wentOffline = nextEvent(c, 'online_status', (p: { online: boolean }) => !p.online);
    e.disconnect();
    expect(await wentOffline).toEqual({ user_id: engineer.id, online: false });
    expect(await app.ctx.realtime.isOnline(engineer.id)).toBe(false);
    expect(await app.ctx.realtime.isOnline(client.id)).toBe(true);
    expect(strangerSaw).toHaveLength(0);
  });

  it('a receiver with no open socket gets one notification for a burst, and another after reading', async () => {
    const { client, engineer, room } = await createDeal(app, { title: 'Garage slab' });
    const c = await socketOf(client.token);
    for (const text of ['one', 'two', 'three'])
      expect((await request(c, 'send_message', { room_id: room!.id, message: text })).ok).toBe(true);
    await settle(300);
    const link = roomLink(engineer.id, room!.id);
    const stored = () =>
      app.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, engineer.id), eq(notifications.notificationLink, link)));
    const first = await stored();
    expect(first).toHaveLength(1);
    expect(first[0].message).toBe(`New message from ${client.fullName} about Garage slab.`);

    // Reading the room reads its notification too; the next message while away notifies again.
    const e = await socketOf(engineer.token);
    await request(e, 'mark_messages_read', { room_id: room!.id });
    expect((await stored())[0].isRead).toBe(true);
    e.disconnect();
    await settle(300);
    await request(c, 'send_message', { room_id: room!.id, message: 'four' });
    await settle(300);
    expect(await stored()).toHaveLength(2);
  });
});
