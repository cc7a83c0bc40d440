// The authorization matrix: every route the app registers, called as each
// of six actors on objects owned by client A and engineer A, answers what
// authz-matrix.table.ts declares; no answer to someone else carries A's secrets unless the
// table allows it; and on Socket.IO nobody outside a room joins, writes, types or reads in it.
// docs/SECURITY.md ('Authorization matrix') explains how to declare a new route.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatRooms } from '../db/schema/index.ts';
import { type Call, type Case, MATRIX, type Outcome } from './authz-matrix.table.ts';
import { ACTORS, type Actor, buildWorld, type World } from './authz-matrix.world.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { connect, listen, record, request, type TestSocket } from './sockets.ts';

let app: TestApp;
let w: World;
let webDist: string;
/** Secrets seen in answers to their owner (or to someone allowed): the scan is not blind. */
const seen = new Set<string>();
/** Allowances of the table that let a secret through: one never used is stale. */
const usedAllowances = new Set<string>();
const figures = {
  routes: 0,
  cases: 0,
  calls: 0,
  scanned: 0,
  passedThrough: 0,
  refusedAfterAuth: [] as string[],
};

beforeAll(async () => {
  // A stand-in web build, so the web app's routes exist too; the browser-test hooks on, so
  // every route the product can register is in the matrix.
  webDist = mkdtempSync(path.join(tmpdir(), 'authz-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await createTestApp({ testHooks: true, webDist, rateLimitScale: 1000 });
  w = await buildWorld(app);
});
afterAll(async () => {
  await app?.dispose();
  rmSync(webDist, { recursive: true, force: true });
  console.info(
    `authz matrix: ${figures.routes} routes, ${figures.cases} route cases × ${ACTORS.length} actors = ${figures.calls} calls, ` +
      `${figures.scanned} answers (headers, and text bodies) scanned for ${w?.secrets.length ?? 0} secrets; allowed calls: ${figures.passedThrough} 2xx/3xx, ` +
      `${figures.refusedAfterAuth.length} refused after authorization\n${figures.refusedAfterAuth.join('\n')}`,
  );
});

const casesOf = (key: string): Case[] => {
  const entry = MATRIX[key];
  return Array.isArray(entry) ? entry : [entry];
};
const isPresent = (key: string) => casesOf(key).every((c) => c.present?.(app) ?? true);

describe('route list', () => {
  it('declares every route, documented or hidden, and nothing that is gone', () => {
    const registered = new Set(app.routeList.map((r) => r.route));
    const documented = new Set<string>();
    const doc = app.swagger() as { paths: Record<string, object> };
    for (const [p, methods] of Object.entries(doc.paths))
      for (const m of Object.keys(methods))
        documented.add(`${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`);
    // The OpenAPI document only lists what the app registered.
    expect([...documented].filter((r) => !registered.has(r))).toEqual([]);
    expect(documented.size).toBeGreaterThan(80);
    expect(
      [...registered].filter((r) => !(r in MATRIX)),
      'routes without an entry in authz-matrix.table.ts',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((key) => isPresent(key) !== registered.has(key)),
      'entries whose route is not registered (or registered where the entry says it is not)',
    ).toEqual([]);
  });
});

function matches(expected: Outcome, status: number): boolean {
  if (status >= 500) return false;
  if (expected === 'ok') return ![401, 403, 404].includes(status);
  if (expected === 'deny') return status === 403 || status === 404;
  return status === expected;
}

/** Runs one case as every actor, the refused ones first; answers what went against the table. */
async function runCase(method: string, c: Case, label: string): Promise<string[]> {
  const problems: string[] = [];
  const order = [...ACTORS].sort((a, b) => Number(c.expect[a] === 'ok') - Number(c.expect[b] === 'ok'));
  for (const as of order) {
    const allowed = c.expect[as] === 'ok';
    const call: Call = await c.call({ w, as, allowed });
    const token = call.token !== undefined ? call.token : as === 'visitor' ? null : w.people[as].token;
    const res = await app.inject({
      method: method as 'GET',
      url: call.url,
      payload: call.payload,
      remoteAddress: call.remoteAddress,
      headers: { ...call.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    figures.calls += 1;
    if (allowed && res.statusCode < 400) figures.passedThrough += 1;
    else if (allowed)
      figures.refusedAfterAuth.push(`${label} as ${as}: ${res.statusCode} ${res.body.slice(0, 100)}`);
    if (!matches(c.expect[as], res.statusCode))
      problems.push(
        `${label} as ${as}: expected ${c.expect[as]}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
      );
    // Headers always (a file name in Content-Disposition, a token in a redirect), the body
    // when it is text.
    const type = String(res.headers['content-type'] ?? '');
    const textBody = /json|text|html|javascript|yaml/.test(type);
    const body = JSON.stringify(res.headers) + (textBody ? res.body : '');
    figures.scanned += 1;
    if (/\$argon2|password_?hash|token_?hash/i.test(body))
      problems.push(`${label} as ${as}: answer carries a hash`);
    for (const s of w.secrets) {
      if (!body.includes(s.value)) continue;
      seen.add(s.label);
      if (s.owner === as) continue;
      if (c.shows?.[as]?.includes(s.kind)) {
        usedAllowances.add(`${label} ${as} ${s.kind}`);
        continue;
      }
      problems.push(`${label} as ${as}: answer carries ${s.label}`);
    }
  }
  return problems;
}

describe('Socket.IO: only a room’s members join, write, type or read in it', () => {
  const open: TestSocket[] = [];
  const socketOf = async (as: Actor) => {
    const s = await connect(await listen(app), as === 'visitor' ? undefined : w.people[as].token);
    open.push(s);
    return s;
  };
  afterAll(() => {
    for (const s of open.splice(0)) s.disconnect();
  });

  it('refuses every client → server event from outsiders, delivers and stores nothing', async () => {
    const roomId = w.room.id;
    const messagesBefore = await app.ctx.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.roomId, roomId));
    const c = await socketOf('clientA');
    const e = await socketOf('engineerA');
    expect(await request(c, 'join_room', { room_id: roomId })).toMatchObject({ ok: true });
    expect(await request(e, 'join_room', { room_id: roomId })).toMatchObject({ ok: true });
    const members = {
      messages: [
        record<{ message: string }>(c, 'receive_message'),
        record<{ message: string }>(e, 'receive_message'),
      ],
      typing: [record(c, 'user_typing'), record(e, 'user_typing')],
      reads: [record(c, 'message_read_ack'), record(e, 'message_read_ack')],
    };
    const outsiderEvents: Array<[string, unknown]> = [
      ['join_room', { room_id: roomId }],
      ['send_message', { room_id: roomId, message: 'let me in' }],
      ['send_message', { room_id: roomId, message: '', attachments: w.files.chatFile }],
      ['typing', { room_id: roomId }],
      ['mark_messages_read', { room_id: roomId }],
      ['message_read', { room_id: roomId, message_ids: messagesBefore.map((m) => m.id) }],
    ];
    const outsiders = ['visitor', 'clientB', 'engineerB', 'admin'] as const;
    const heard: unknown[] = [];
    for (const as of outsiders) {
      const o = await socketOf(as);
      heard.push(...[record(o, 'receive_message'), record(o, 'user_typing'), record(o, 'message_read_ack')]);
      for (const [event, payload] of outsiderEvents) {
        const ack = await request(o, event, payload);
        expect(ack.ok, `${as} ${event}: ${JSON.stringify(ack)}`).toBe(false);
        expect(typeof ack.message).toBe('string');
      }
    }
    // The members still talk: nothing of it reaches the outsiders.
    expect((await request(c, 'send_message', { room_id: roomId, message: 'members only' })).ok).toBe(true);
    expect((await request(e, 'typing', { room_id: roomId })).ok).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard.flat()).toEqual([]);
    expect(members.messages.flat().map((m) => m.message)).toEqual(['members only', 'members only']);
    expect(members.typing.flat()).toHaveLength(1);
    expect(members.reads.flat()).toEqual([]);
    const after = await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId));
    expect(after.map((m) => m.message).sort()).toEqual(
      [...messagesBefore.map((m) => m.message), 'members only'].sort(),
    );
    // Nobody outside marked anything read.
    for (const m of messagesBefore) expect(after.find((a) => a.id === m.id)?.isRead).toBe(m.isRead);
  });

  it('lets an admin listen to a room only while its project is in dispute, never write', async () => {
    const [disputedRoom] = await app.ctx.db
      .select()
      .from(chatRooms)
      .where(eq(chatRooms.projectId, w.disputed.projectId));
    const a = await socketOf('admin');
    expect(await request(a, 'join_room', { room_id: disputedRoom.id })).toMatchObject({ ok: true });
    for (const [event, payload] of [
      ['send_message', { room_id: disputedRoom.id, message: 'staff here' }],
      ['typing', { room_id: disputedRoom.id }],
    ] as const)
      expect((await request(a, event, payload)).ok, event).toBe(false);
    // Reading as staff marks nothing read for the members.
    expect(await request(a, 'mark_messages_read', { room_id: disputedRoom.id })).toEqual({
      ok: true,
      message_ids: [],
    });
  });
});

describe('routes × actors', () => {
  for (const key of Object.keys(MATRIX)) {
    it(key, async (ctx) => {
      if (!isPresent(key)) return ctx.skip();
      const [method] = key.split(' ');
      figures.routes += 1;
      const problems: string[] = [];
      for (const c of casesOf(key)) {
        figures.cases += 1;
        problems.push(...(await runCase(method, c, c.label ? `${key} (${c.label})` : key)));
      }
      expect(problems.join('\n')).toBe('');
    });
  }
});

describe('the matrix itself', () => {
  it('saw A’s secrets where A (or someone allowed) reads them, so their absence elsewhere means something', (ctx) => {
    if (figures.routes < Object.keys(MATRIX).filter(isPresent).length) return ctx.skip(); // a filtered run
    const readable = w.secrets.filter((s) => !['ssn', 'token', 'password_hash'].includes(s.kind));
    expect(readable.filter((s) => !seen.has(s.label)).map((s) => s.label)).toEqual([]);
  });

  it('uses every allowance it declares', (ctx) => {
    if (figures.routes < Object.keys(MATRIX).filter(isPresent).length) return ctx.skip(); // a filtered run
    const declared: string[] = [];
    for (const key of Object.keys(MATRIX).filter(isPresent))
      for (const c of casesOf(key))
        for (const [as, kinds] of Object.entries(c.shows ?? {}))
          for (const kind of kinds ?? [])
            declared.push(`${c.label ? `${key} (${c.label})` : key} ${as} ${kind}`);
    expect(declared.filter((d) => !usedAllowances.has(d))).toEqual([]);
  });
});
