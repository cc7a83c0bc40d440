// The demo conversations: a room for every accepted deal, both sides talking, an image and
// a PDF attached, read and unread messages, an empty room and a disputed one admins can read.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatRooms, proposals, users } from '../db/schema/index.ts';
import { createSession } from '../modules/access/sessions.ts';
import { sniff } from '../modules/files/files.service.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { seedDemo } from './index.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  await seedDemo(app.ctx);
});
afterAll(() => app.dispose());

async function as(email: string) {
  const [user] = await app.ctx.db.select().from(users).where(eq(users.email, email));
  return { id: user.id, auth: { authorization: `Bearer ${await createSession(app.ctx.db, user.id)}` } };
}
const get = (url: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url, headers }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  });

describe('demo conversations', () => {
  it('open a room for every accepted proposal; the rooms of refunded and split deals are closed', async () => {
    const accepted = await app.ctx.db.select().from(proposals).where(eq(proposals.status, 'accepted'));
    const rooms = await app.ctx.db.select().from(chatRooms);
    // The deck was paid for and refunded within the window (seed/payments.ts); the pump's
    // payment was split by support (seed/deal-stories.ts), which ends the deal.
    const closed = rooms.filter((r) => r.closedAt !== null);
    expect(closed.map((r) => r.title).sort()).toEqual([
      'Backyard deck structural drawings',
      'Irrigation pump station electrical',
    ]);
    expect(rooms.filter((r) => r.closedAt === null)).toHaveLength(accepted.length - 1);
    // It keeps what was said before the refund, all of it before the room closed.
    const history = await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.roomId, closed[0].id));
    expect(history.length).toBeGreaterThan(0);
    for (const m of history) expect(m.createdAt.getTime()).toBeLessThan(closed[0].closedAt!.getTime());
  });

  it('give the demo client and engineer conversations with files and unread messages', async () => {
    const claire = await as('client@demo.stampworks.dev');
    const ethan = await as('engineer@demo.stampworks.dev');
    expect(await get(`/api/chat/unread_messages/${claire.id}`, claire.auth)).toEqual({ unread_count: 2 });
    expect(await get(`/api/chat/unread_messages/${ethan.id}`, ethan.auth)).toEqual({ unread_count: 2 });

    const rooms = await get(`/api/chat/rooms/user/${claire.id}`, claire.auth);
    const kitchen = rooms.find((r: { title: string }) => r.title === 'Load-bearing wall removal');
    expect(kitchen).toMatchObject({ unread_count: 2, other_user: { id: ethan.id } });
    // Newest activity first.
    const times = rooms.map((r: { updated_at: string }) => Date.parse(r.updated_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const { messages } = await get(`/api/chat/messages/${kitchen.id}`, ethan.auth);
    const senders = new Set(messages.map((m: { sender_id: string }) => m.sender_id));
    expect(senders).toEqual(new Set([claire.id, ethan.id]));
    expect(messages.some((m: { is_read: boolean }) => m.is_read)).toBe(true);
    expect(messages.some((m: { is_read: boolean }) => !m.is_read)).toBe(true);
    const files = messages.map((m: { attachments: string | null }) => m.attachments).filter(Boolean);
    expect(files).toHaveLength(2);
    const kinds = [];
    for (const link of files) {
      // Private to the room: its members open them, a visitor cannot.
      expect(link).toMatch(/^\/files\//);
      const res = await app.inject({ method: 'GET', url: link, headers: claire.auth });
      expect(res.statusCode).toBe(200);
      kinds.push((await sniff(res.rawPayload))?.ext);
      expect((await app.inject({ method: 'GET', url: link })).statusCode).toBe(401);
      const stranger = await as('marcus@demo.stampworks.dev');
      expect((await app.inject({ method: 'GET', url: link, headers: stranger.auth })).statusCode).toBe(404);
    }
    expect(kinds.sort()).toEqual(['pdf', 'png']);

    // Some rooms are open but still empty.
    const ethanRooms = await get(`/api/chat/rooms/user/${ethan.id}`, ethan.auth);
    expect(ethanRooms.some((r: { last_message: unknown }) => r.last_message === null)).toBe(false);
    const marcus = await as('marcus@demo.stampworks.dev');
    const marcusRooms = await get(`/api/chat/rooms/user/${marcus.id}`, marcus.auth);
    expect(marcusRooms.some((r: { last_message: unknown }) => r.last_message === null)).toBe(true);
  });

  it('let admins read the disputed project’s conversation', async () => {
    const admin = await as('admin@demo.stampworks.dev');
    const marcus = await as('marcus@demo.stampworks.dev');
    const rooms = await get(`/api/chat/rooms/user/${marcus.id}`, marcus.auth);
    const tower = rooms.find((r: { title: string }) => r.title === 'Cell tower foundation review');
    const page = await get(`/api/chat/messages/${tower.id}`, admin.auth);
    expect(page.messages.length).toBeGreaterThan(0);
  });

  it('hold a conversation longer than a page, so older messages load on scrolling up', async () => {
    const ethan = await as('engineer@demo.stampworks.dev');
    const rooms = await get(`/api/chat/rooms/user/${ethan.id}`, ethan.auth);
    const storm = rooms.find((r: { title: string }) => r.title === 'Stormwater detention for subdivision');
    const first = await get(`/api/chat/messages/${storm.id}`, ethan.auth);
    expect(first.messages).toHaveLength(30);
    expect(first.next_cursor).not.toBeNull();
    const older = await get(`/api/chat/messages/${storm.id}?before=${first.next_cursor}`, ethan.auth);
    expect(older.messages.length).toBeGreaterThan(0);
    expect(older.messages.at(-1).created_at < first.messages[0].created_at).toBe(true);
  });
});
