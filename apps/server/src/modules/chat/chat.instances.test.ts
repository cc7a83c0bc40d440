// Two instances of the product on one PostgreSQL database and one Redis, as behind a load
// balancer: the client's socket is on one, the engineer's on the other. A message, typing,
// a read receipt, presence and a sign-out all cross between them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createDeal } from '../../test/fixtures/chat.ts';
import { createTestInstances, createUser } from '../../test/harness.ts';
import { connect, disconnected, listen, nextEvent, request, type TestSocket } from '../../test/sockets.ts';

const servers = !!process.env.DATABASE_URL && !!process.env.REDIS_URL;
if (!servers)
  console.warn(
    'chat.instances.test.ts skipped: set DATABASE_URL and REDIS_URL (CI sets both) to run two instances on one PostgreSQL and Redis.',
  );

describe.skipIf(!servers)('chat across two instances (needs DATABASE_URL and REDIS_URL)', () => {
  let cluster: Awaited<ReturnType<typeof createTestInstances>>;
  let one: App;
  let two: App;
  let urlOne: string;
  let urlTwo: string;
  const open: TestSocket[] = [];
  beforeAll(async () => {
    cluster = await createTestInstances(2);
    [one, two] = cluster.apps;
    urlOne = await listen(one);
    urlTwo = await listen(two);
  });
  afterAll(async () => {
    for (const s of open) s.disconnect();
    await cluster?.dispose();
  });
  const socketOn = async (url: string, token: string, prepare?: (s: TestSocket) => void) => {
    const s = await connect(url, token, prepare);
    open.push(s);
    return s;
  };

  it('a message, typing, a read receipt and presence cross between the instances', async () => {
    const { client, engineer, room } = await createDeal(one);
    expect(urlOne).not.toBe(urlTwo);
    const c = await socketOn(urlOne, client.token);

    // Presence: the engineer connects to instance two; the client, on one, sees it.
    const cameOnline = nextEvent(c, 'online_status', (p: { user_id: string }) => p.user_id === engineer.id);
    let list: Promise<string[]> = Promise.resolve([]);
    const e = await socketOn(urlTwo, engineer.token, (s) => {
      list = nextEvent<string[]>(s, 'online_status_list');
    });
    expect(await cameOnline).toEqual({ user_id: engineer.id, online: true });
    expect(await list).toEqual([client.id]);
    expect(await one.ctx.realtime.isOnline(engineer.id)).toBe(true);
    expect(await two.ctx.realtime.isOnline(client.id)).toBe(true);

    expect(await request(c, 'join_room', { room_id: room!.id })).toEqual({ ok: true, online: true });
    expect(await request(e, 'join_room', { room_id: room!.id })).toEqual({ ok: true, online: true });

    // A message sent through one reaches the engineer on two.
    const received = nextEvent<{ id: string; message: string }>(e, 'receive_message');
    const badge = nextEvent(e, 'new_message_notification');
    const sent = await request(c, 'send_message', { room_id: room!.id, message: 'Across the cluster' });
    expect(sent.ok, sent.message).toBe(true);
    const got = await received;
    expect(got.message).toBe('Across the cluster');
    expect(await badge).toEqual({ room_id: room!.id });

    // Typing on two shows on one.
    const typing = nextEvent(c, 'user_typing');
    await request(e, 'typing', { room_id: room!.id });
    expect(await typing).toEqual({ room_id: room!.id, user_id: engineer.id });

    // The engineer reads on two; the client's ticks on one.
    const receipt = nextEvent(c, 'message_read_ack');
    await request(e, 'mark_messages_read', { room_id: room!.id });
    expect(await receipt).toEqual({ room_id: room!.id, message_ids: [got.id], reader_id: engineer.id });

    // The engineer leaves two; the client on one sees them go.
    const wentOffline = nextEvent(c, 'online_status', (p: { online: boolean }) => !p.online);
    e.disconnect();
    expect(await wentOffline).toEqual({ user_id: engineer.id, online: false });
    expect(await one.ctx.realtime.isOnline(engineer.id)).toBe(false);
  });

  it('an outsider on the other instance cannot join the room', async () => {
    const { client, room } = await createDeal(two);
    const outsider = await createUser(one, { role: 'client' });
    const c = await socketOn(urlTwo, client.token);
    await request(c, 'join_room', { room_id: room!.id });
    const o = await socketOn(urlOne, outsider.token);
    expect(await request(o, 'join_room', { room_id: room!.id })).toEqual({
      ok: false,
      message: 'You are not a member of this chat.',
    });
  });

  it('signing out through one instance drops the session’s socket on the other', async () => {
    const user = await createUser(one, { role: 'engineer' });
    const s = await socketOn(urlTwo, user.token);
    const gone = disconnected(s);
    const res = await one.inject({ method: 'POST', url: '/api/auth/signout', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });
});
