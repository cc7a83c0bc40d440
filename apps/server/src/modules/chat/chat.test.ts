// Chat over HTTP: finding and opening a deal's room, the inbox, paged history and unread
// counts, each only for the room's members (and admins reading a dispute).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRooms, projects, proposals } from '../../db/schema/index.ts';
import { createDeal } from '../../test/fixtures/chat.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';
import { markRead, sendMessage } from './chat.service.ts';
import { closeDealRoom, openDealRoom } from './rooms.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

const get = (url: string, auth?: Record<string, string>) => app.inject({ method: 'GET', url, headers: auth });
const post = (url: string, payload: unknown, auth?: Record<string, string>) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: auth });

describe('a deal room', () => {
  it('is found and opened only by its client and engineer, only with an accepted proposal', async () => {
    const { client, engineer, projectId } = await createDeal(app, { open: false, title: 'Deck footing' });
    const deal = { client_id: client.id, engineer_id: engineer.id, project_id: projectId };
    const outsider = await createUser(app, { role: 'engineer' });

    // Before anything opens it there is no room to find.
    const before = await post('/api/chat/rooms/find', deal, client.auth);
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe('Chat room not found.');

    const created = await post('/api/chat/rooms', { ...deal, title: '' }, engineer.auth);
    expect(created.statusCode, created.body).toBe(200);
    const room = created.json();
    expect(room).toMatchObject({
      client_id: client.id,
      engineer_id: engineer.id,
      project_id: projectId,
      title: 'Deck footing',
      closed: false,
      unread_count: 0,
      last_message: null,
      other_user: { id: client.id, full_name: client.fullName, profile_picture: null },
    });
    // Creating again answers the same room; finding it works for both sides.
    expect((await post('/api/chat/rooms', deal, client.auth)).json().id).toBe(room.id);
    const found = await post('/api/chat/rooms/find', deal, client.auth);
    expect(found.json()).toMatchObject({ id: room.id, other_user: { id: engineer.id } });

    // Someone else, even naming themselves in the payload, is refused.
    for (const body of [deal, { ...deal, engineer_id: outsider.id }]) {
      expect((await post('/api/chat/rooms/find', body, outsider.auth)).statusCode).toBe(
        body === deal ? 403 : 404,
      );
      expect((await post('/api/chat/rooms', body, outsider.auth)).statusCode).toBe(body === deal ? 403 : 404);
    }
    expect((await post('/api/chat/rooms', deal)).statusCode).toBe(401);
    const bad = await post('/api/chat/rooms', { ...deal, project_id: 'nope' }, client.auth);
    expect(bad.statusCode).toBe(400);
  });

  it('is refused while the proposal is only pending, or on someone else’s project', async () => {
    const client = await createUser(app, { role: 'client' });
    const engineer = await createUser(app, { role: 'engineer' });
    const [project] = await app.ctx.db
      .insert(projects)
      .values({ customerId: client.id, title: 'Pending deal', description: 'x' })
      .returning();
    await app.ctx.db.insert(proposals).values({
      projectId: project.id,
      engineerId: engineer.id,
      description: 'x',
      licenseType: 'PE',
      proposedAmount: 100,
    });
    const deal = { client_id: client.id, engineer_id: engineer.id, project_id: project.id };
    const res = await post('/api/chat/rooms', deal, client.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/accepted/);
    // An accepted proposal on a project the "client" does not own opens nothing either.
    const other = await createDeal(app, { open: false });
    const res2 = await post(
      '/api/chat/rooms',
      { client_id: client.id, engineer_id: other.engineer.id, project_id: other.projectId },
      client.auth,
    );
    expect(res2.statusCode).toBe(404);
    expect(await app.ctx.db.select().from(chatRooms).where(eq(chatRooms.projectId, project.id))).toHaveLength(
      0,
    );
  });

  it('closed by a refund takes no messages and is not reopened by POST /chat/rooms; history stays', async () => {
    const { client, engineer, room, deal } = await createDeal(app);
    await sendMessage(app.ctx, client, { room_id: room!.id, message: 'Before the refund' });
    await closeDealRoom(app.ctx.db, deal);
    await expect(
      sendMessage(app.ctx, engineer, { room_id: room!.id, message: 'After the refund' }),
    ).rejects.toThrow('This chat is closed');
    const again = await post(
      '/api/chat/rooms',
      { client_id: client.id, engineer_id: engineer.id, project_id: deal.projectId },
      client.auth,
    );
    expect(again.json()).toMatchObject({ id: room!.id, closed: true });
    const history = await get(`/api/chat/messages/${room!.id}`, engineer.auth);
    expect(history.json().messages.map((m: { message: string }) => m.message)).toEqual(['Before the refund']);
    // A new successful payment reopens it.
    await openDealRoom(app.ctx.db, deal);
    await sendMessage(app.ctx, engineer, { room_id: room!.id, message: 'Paid again' });
  });
});

describe('the inbox', () => {
  it("lists the caller's rooms, latest first, with the other person, last message and unread count", async () => {
    const client = await createUser(app, { role: 'client', fullName: 'Clara Inbox' });
    const older = await createDeal(app, { client, title: 'Older deal' });
    const newer = await createDeal(app, { client, title: 'Newer deal' });
    await sendMessage(app.ctx, older.engineer, { room_id: older.room!.id, message: 'First' });
    await sendMessage(app.ctx, older.engineer, { room_id: older.room!.id, message: 'Second' });
    await sendMessage(app.ctx, client, { room_id: newer.room!.id, message: 'Hello engineer' });
    // The older room's latest message makes it the latest conversation.
    await sendMessage(app.ctx, older.engineer, { room_id: older.room!.id, message: 'Third <b>bold</b>' });

    const res = await get(`/api/chat/rooms/user/${client.id}`, client.auth);
    expect(res.statusCode).toBe(200);
    const rooms = res.json();
    expect(rooms.map((r: { title: string }) => r.title)).toEqual(['Older deal', 'Newer deal']);
    expect(rooms[0]).toMatchObject({
      unread_count: 3,
      other_user: { id: older.engineer.id, full_name: older.engineer.fullName },
      last_message: { message: 'Third <b>bold</b>', sender_id: older.engineer.id },
    });
    expect(rooms[1]).toMatchObject({ unread_count: 0, last_message: { message: 'Hello engineer' } });

    const count = await get(`/api/chat/unread_messages/${client.id}`, client.auth);
    expect(count.json()).toEqual({ unread_count: 3 });
    await markRead(app.ctx, client, older.room!.id);
    expect((await get(`/api/chat/unread_messages/${client.id}`, client.auth)).json()).toEqual({
      unread_count: 0,
    });
    expect((await get(`/api/chat/unread_messages/${newer.engineer.id}`, newer.engineer.auth)).json()).toEqual(
      {
        unread_count: 1,
      },
    );

    // Only one's own inbox and count.
    expect((await get(`/api/chat/rooms/user/${client.id}`, older.engineer.auth)).statusCode).toBe(403);
    expect((await get(`/api/chat/unread_messages/${client.id}`, older.engineer.auth)).statusCode).toBe(403);
    expect((await get(`/api/chat/rooms/user/${client.id}`)).statusCode).toBe(401);
    expect((await get('/api/chat/rooms/user/nope', client.auth)).statusCode).toBe(400);
    expect((await get('/api/chat/unread_messages/nope', client.auth)).statusCode).toBe(400);
  });
});

describe('the history', () => {
  it('pages newest last with a cursor for older messages', async () => {
    const { client, engineer, room } = await createDeal(app);
    for (let i = 1; i <= 7; i++)
      await sendMessage(app.ctx, i % 2 ? client : engineer, { room_id: room!.id, message: `m${i}` });
    const url = `/api/chat/messages/${room!.id}`;
    const first = (await get(`${url}?limit=3`, engineer.auth)).json();
    expect(first.messages.map((m: { message: string }) => m.message)).toEqual(['m5', 'm6', 'm7']);
    expect(first.messages[2]).toMatchObject({
      room_id: room!.id,
      sender_id: client.id,
      receiver_id: engineer.id,
      sender_name: client.fullName,
      sender_profile: null,
      attachments: null,
      is_read: false,
    });
    const second = (await get(`${url}?limit=3&before=${first.next_cursor}`, engineer.auth)).json();
    expect(second.messages.map((m: { message: string }) => m.message)).toEqual(['m2', 'm3', 'm4']);
    const third = (await get(`${url}?limit=3&before=${second.next_cursor}`, engineer.auth)).json();
    expect(third).toMatchObject({ next_cursor: null });
    expect(third.messages.map((m: { message: string }) => m.message)).toEqual(['m1']);
    const all = (await get(url, client.auth)).json();
    expect(all.messages).toHaveLength(7);
    expect(all.next_cursor).toBeNull();

    for (const bad of ['?before=garbage', '?limit=0', '?limit=101', '?limit=x', `?before=${'a'.repeat(300)}`])
      expect((await get(url + bad, client.auth)).statusCode, bad).toBe(400);
  });

  it('is readable by its members only, and by admins while the project is in dispute', async () => {
    const { client, room, projectId } = await createDeal(app);
    await sendMessage(app.ctx, client, { room_id: room!.id, message: 'private' });
    const url = `/api/chat/messages/${room!.id}`;
    const outsider = await createUser(app, { role: 'client' });
    const admin = await createUser(app, { role: 'admin' });
    expect((await get(url, outsider.auth)).statusCode).toBe(403);
    expect((await get(url, admin.auth)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    expect(
      (await get('/api/chat/messages/00000000-0000-4000-8000-000000000000', client.auth)).statusCode,
    ).toBe(404);
    expect((await get('/api/chat/messages/nope', client.auth)).statusCode).toBe(400);
    await app.ctx.db.update(projects).set({ status: 'problem' }).where(eq(projects.id, projectId));
    const disputed = await get(url, admin.auth);
    expect(disputed.statusCode).toBe(200);
    expect(disputed.json().messages[0].message).toBe('private');
    // Reading a dispute marks nothing read and writes nothing.
    expect(await markRead(app.ctx, admin, room!.id)).toEqual([]);
    await expect(sendMessage(app.ctx, admin, { room_id: room!.id, message: 'hi' })).rejects.toThrow(
      'You are not a member of this chat.',
    );
    expect((await get(url, outsider.auth)).statusCode).toBe(403);
  });
});
