import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, eventually, type TestApp } from '../../test/harness.ts';
import { createTicket } from './support.service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

type User = Awaited<ReturnType<typeof createUser>>;

async function openTicket(user: User, body: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/support',
    headers: user.auth,
    payload: { subject: 'Cannot upload PDF', message: 'The upload fails at 90%.', priority: 'high', ...body },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const notificationsOf = async (user: User) =>
  (
    await app.inject({ method: 'GET', url: `/api/notification/${user.id}`, headers: user.auth })
  ).json() as Array<{ message: string; notification_link: string | null }>;

/** Mail is sent after commit, a moment after the response. */
async function mailTo(address: string, subject: string) {
  const found = await eventually(async () => {
    const list = (await app.ctx.mail.recent(200)).filter(
      (m) => m.to === address && m.subject.includes(subject),
    );
    return list.length ? list : null;
  });
  return found ?? [];
}

describe('customer tickets', () => {
  it('creates a ticket with a readable number, name and e-mail from the session', async () => {
    const user = await createUser(app, { fullName: 'Dana Doe' });
    const ticket = await openTicket(user, { user_name: 'Someone Else', email: 'forged@evil.test' });
    expect(ticket).toMatchObject({
      subject: 'Cannot upload PDF',
      priority: 'high',
      status: 'open',
      user_name: 'Dana Doe',
      email: user.email,
      customer_email: user.email,
      assigned_to_id: null,
      support_name: null,
    });
    expect(ticket.ticket_number).toMatch(/^TCK-\d{6}$/);
    const second = await openTicket(user);
    expect(second.ticket_number).not.toBe(ticket.ticket_number);
  });

  it('tells a visitor who is not signed in to sign in', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/support',
      payload: { subject: 'x', message: 'y', priority: 'low' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You must be signed in to create a support ticket.');
    expect((await app.inject({ method: 'GET', url: '/api/support/my-tickets' })).statusCode).toBe(401);
  });

  it('lists only my tickets, newest first', async () => {
    const me = await createUser(app);
    const other = await createUser(app);
    const a = await openTicket(me, { subject: 'first' });
    await new Promise((r) => setTimeout(r, 5));
    const b = await openTicket(me, { subject: 'second' });
    await openTicket(other, { subject: 'not mine' });
    const res = await app.inject({ method: 'GET', url: '/api/support/my-tickets', headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((t: { id: string }) => t.id)).toEqual([b.id, a.id]);
  });

  it('never lets a user read, answer or delete another user’s ticket', async () => {
    const owner = await createUser(app);
    const stranger = await createUser(app, { role: 'engineer' });
    const ticket = await openTicket(owner);
    for (const [method, url, payload] of [
      ['GET', `/api/support/${ticket.id}`, undefined],
      ['GET', `/api/support/${ticket.id}/replies`, undefined],
      ['POST', `/api/support/${ticket.id}/replies`, { message: 'let me in' }],
      ['DELETE', `/api/support/${ticket.id}`, undefined],
    ] as const) {
      const res = await app.inject({ method, url, payload, headers: stranger.auth });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // ...nor change it through the staff call.
    const put = await app.inject({
      method: 'PUT',
      url: `/api/support/${ticket.id}`,
      headers: stranger.auth,
      payload: { status: 'closed' },
    });
    expect(put.statusCode).toBe(403);
    const own = await app.inject({ method: 'GET', url: `/api/support/${ticket.id}`, headers: owner.auth });
    expect(own.json()).toMatchObject({ status: 'open', assigned_to_id: null });
    const replies = await app.inject({
      method: 'GET',
      url: `/api/support/${ticket.id}/replies`,
      headers: owner.auth,
    });
    expect(replies.json()).toEqual([]);
  });

  it('deletes my ticket with its conversation; a second delete finds nothing', async () => {
    const me = await createUser(app);
    const admin = await createUser(app, { role: 'admin' });
    const ticket = await openTicket(me);
    await app.inject({
      method: 'POST',
      url: `/api/support/${ticket.id}/replies`,
      headers: me.auth,
      payload: { message: 'more detail' },
    });
    const staffDelete = await app.inject({
      method: 'DELETE',
      url: `/api/support/${ticket.id}`,
      headers: admin.auth,
    });
    expect(staffDelete.statusCode).toBe(403);
    const del = await app.inject({ method: 'DELETE', url: `/api/support/${ticket.id}`, headers: me.auth });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Ticket deleted successfully!');
    const list = await app.inject({ method: 'GET', url: '/api/support/my-tickets', headers: me.auth });
    expect(list.json()).toEqual([]);
    const again = await app.inject({ method: 'DELETE', url: `/api/support/${ticket.id}`, headers: me.auth });
    expect(again.statusCode).toBe(404);
    const replies = await app.inject({
      method: 'GET',
      url: `/api/support/${ticket.id}/replies`,
      headers: admin.auth,
    });
    expect(replies.statusCode).toBe(404);
  });

  it('refuses an empty or blank reply and stores nothing', async () => {
    const me = await createUser(app);
    const ticket = await openTicket(me);
    for (const payload of [{ message: '' }, { message: '   \n ' }, {}]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/support/${ticket.id}/replies`,
        headers: me.auth,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Reply message cannot be empty.');
    }
    const replies = await app.inject({
      method: 'GET',
      url: `/api/support/${ticket.id}/replies`,
      headers: me.auth,
    });
    expect(replies.json()).toEqual([]);
  });
});

describe('staff desk', () => {
  it('is closed to everyone but staff', async () => {
    const client = await createUser(app);
    const engineer = await createUser(app, { role: 'engineer' });
    expect((await app.inject({ method: 'GET', url: '/api/support' })).statusCode).toBe(401);
    for (const u of [client, engineer]) {
      const res = await app.inject({ method: 'GET', url: '/api/support', headers: u.auth });
      expect(res.statusCode).toBe(403);
    }
  });

  it('searches over number, subject, message, name and e-mail; filters; pages', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const marker = randomUUID().slice(0, 8);
    const zed = await createUser(app, { fullName: `Zed ${marker}` });
    const t1 = await openTicket(zed, { subject: `Refund ${marker}`, priority: 'urgent' });
    const t2 = await openTicket(zed, { message: `body mentions 50%_off ${marker}`, priority: 'low' });
    const list = async (qs: string) => {
      const res = await app.inject({ method: 'GET', url: `/api/support?${qs}`, headers: admin.auth });
      expect(res.statusCode).toBe(200);
      return res.json() as { items: Array<{ id: string }>; total: number; page: number; pageSize: number };
    };
    expect((await list(`search=${marker}`)).items.map((t) => t.id)).toEqual([t2.id, t1.id]);
    expect((await list(`search=${t1.ticket_number}`)).items.map((t) => t.id)).toEqual([t1.id]);
    expect((await list(`search=${encodeURIComponent(zed.email)}`)).total).toBe(2);
    expect((await list(`search=${marker}&priority=urgent`)).items.map((t) => t.id)).toEqual([t1.id]);
    expect((await list(`search=${marker}&status=closed`)).total).toBe(0);
    // % and _ are letters in a search, not wildcards.
    expect((await list('search=50%25_off')).items.map((t) => t.id)).toEqual([t2.id]);
    expect((await list(`search=${marker.slice(0, 3)}%25${marker.slice(4)}`)).total).toBe(0);
    const page2 = await list(`search=${marker}&pageSize=1&page=2`);
    expect(page2).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.items.map((t) => t.id)).toEqual([t1.id]);
    expect((await list('status=all&priority=')).page).toBe(1);
  });

  it('assigns a ticket to the caller only, and only while unassigned', async () => {
    const owner = await createUser(app);
    const admin = await createUser(app, { role: 'admin', fullName: 'Sam Support' });
    const other = await createUser(app, { role: 'admin' });
    const ticket = await openTicket(owner);
    const url = `/api/support/${ticket.id}`;
    const toOther = await app.inject({
      method: 'PUT',
      url,
      headers: admin.auth,
      payload: { assigned_to_id: other.id, support_name: 'Sam Support' },
    });
    expect(toOther.statusCode).toBe(403);
    const ok = await app.inject({
      method: 'PUT',
      url,
      headers: admin.auth,
      payload: { assigned_to_id: admin.id, support_name: 'Forged Name' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ assigned_to_id: admin.id, support_name: 'Sam Support' });
    const steal = await app.inject({
      method: 'PUT',
      url,
      headers: other.auth,
      payload: { assigned_to_id: other.id, support_name: 'x' },
    });
    expect(steal.statusCode).toBe(409);
    const unknown = await app.inject({
      method: 'PUT',
      url: `/api/support/${randomUUID()}`,
      headers: admin.auth,
      payload: { assigned_to_id: admin.id },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets exactly one of two racing assigns win', async () => {
    const owner = await createUser(app);
    const admins = await Promise.all([1, 2, 3, 4].map(() => createUser(app, { role: 'admin' })));
    const ticket = await openTicket(owner);
    const results = await Promise.all(
      admins.map((a) =>
        app.inject({
          method: 'PUT',
          url: `/api/support/${ticket.id}`,
          headers: a.auth,
          payload: { assigned_to_id: a.id, support_name: a.fullName },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    const winner = admins[results.findIndex((r) => r.statusCode === 200)];
    const stored = await app.inject({ method: 'GET', url: `/api/support/${ticket.id}`, headers: owner.auth });
    expect(stored.json()).toMatchObject({ assigned_to_id: winner.id, support_name: winner.fullName });
  });

  it('changes status and tells the owner; a bad status changes nothing', async () => {
    const owner = await createUser(app);
    const admin = await createUser(app, { role: 'admin' });
    const ticket = await openTicket(owner);
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/support/${ticket.id}`,
      headers: admin.auth,
      payload: { status: 'resolved' },
    });
    expect(bad.statusCode).toBe(400);
    const both = await app.inject({
      method: 'PUT',
      url: `/api/support/${ticket.id}`,
      headers: admin.auth,
      payload: { status: 'closed', assigned_to_id: admin.id },
    });
    expect(both.statusCode).toBe(400);
    const ok = await app.inject({
      method: 'PUT',
      url: `/api/support/${ticket.id}`,
      headers: admin.auth,
      payload: { status: 'pending' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('pending');
    const notes = await notificationsOf(owner);
    expect(notes[0]).toMatchObject({
      message: `Your ticket ${ticket.ticket_number} is now pending: Cannot upload PDF`,
      notification_link: '/contact',
    });
  });
});

describe('conversation and notifications', () => {
  it('a staff reply reaches the owner in the app and by mail; the owner’s answer reaches the assignee', async () => {
    const owner = await createUser(app, { fullName: 'Olga Owner' });
    const admin = await createUser(app, { role: 'admin', fullName: 'Sam Support' });
    const bystander = await createUser(app, { role: 'admin' });
    const ticket = await openTicket(owner);
    await app.inject({
      method: 'PUT',
      url: `/api/support/${ticket.id}`,
      headers: admin.auth,
      payload: { assigned_to_id: admin.id, support_name: admin.fullName },
    });
    const staffReply = await app.inject({
      method: 'POST',
      url: `/api/support/${ticket.id}/replies`,
      headers: admin.auth,
      payload: { message: '  Please try a smaller file.  ' },
    });
    expect(staffReply.statusCode).toBe(201);
    expect(staffReply.json()).toMatchObject({
      message: 'Please try a smaller file.',
      sender_id: admin.id,
      sender_name: 'Sam Support',
      is_staff: true,
    });
    expect((await notificationsOf(owner))[0]).toMatchObject({
      message: `Support replied to your ticket ${ticket.ticket_number}: Cannot upload PDF`,
      notification_link: '/contact',
    });
    const mails = await mailTo(owner.email, ticket.ticket_number);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Please try a smaller file.');

    const answer = await app.inject({
      method: 'POST',
      url: `/api/support/${ticket.id}/replies`,
      headers: owner.auth,
      payload: { message: 'That worked, thanks' },
    });
    expect(answer.json()).toMatchObject({ is_staff: false, sender_name: 'Olga Owner' });
    expect((await notificationsOf(admin))[0]).toMatchObject({
      message: `Olga Owner replied to ticket ${ticket.ticket_number}: Cannot upload PDF`,
      notification_link: `/admin_dashboard/${admin.id}`,
    });
    expect(await mailTo(admin.email, ticket.ticket_number)).toHaveLength(1);
    // Assigned: other staff are not disturbed by the reply.
    expect((await notificationsOf(bystander)).some((n) => n.message.includes('replied'))).toBe(false);

    const convo = await app.inject({
      method: 'GET',
      url: `/api/support/${ticket.id}/replies`,
      headers: owner.auth,
    });
    expect(convo.json().map((r: { message: string }) => r.message)).toEqual([
      'Please try a smaller file.',
      'That worked, thanks',
    ]);
  });

  it('an answer on an unassigned ticket reaches every admin; answering a closed ticket reopens it', async () => {
    const owner = await createUser(app);
    const admin1 = await createUser(app, { role: 'admin' });
    const admin2 = await createUser(app, { role: 'admin' });
    const ticket = await openTicket(owner);
    await app.inject({
      method: 'PUT',
      url: `/api/support/${ticket.id}`,
      headers: admin1.auth,
      payload: { status: 'closed' },
    });
    await app.inject({
      method: 'POST',
      url: `/api/support/${ticket.id}/replies`,
      headers: owner.auth,
      payload: { message: 'Still broken' },
    });
    for (const a of [admin1, admin2]) {
      const n = await notificationsOf(a);
      expect(n[0]).toMatchObject({ notification_link: `/admin_dashboard/${a.id}` });
      expect(n[0].message).toContain('replied to ticket');
    }
    const after = await app.inject({ method: 'GET', url: `/api/support/${ticket.id}`, headers: owner.auth });
    expect(after.json().status).toBe('open');
  });

  it('createTicket opens a ticket for a project problem inside the caller’s transaction', async () => {
    const owner = await createUser(app);
    const projectId = randomUUID();
    const ticket = await app.ctx.transaction((tx) =>
      createTicket(
        app.ctx,
        { userId: owner.id, subject: 'Problem', message: 'Report', priority: 'urgent', projectId },
        tx,
      ),
    );
    expect(ticket).toMatchObject({ projectId, userName: owner.fullName, status: 'open' });
    await expect(
      app.ctx.transaction(async (tx) => {
        await createTicket(
          app.ctx,
          { userId: owner.id, subject: 'Rolled', message: 'back', priority: 'low' },
          tx,
        );
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const mine = await app.inject({ method: 'GET', url: '/api/support/my-tickets', headers: owner.auth });
    expect(mine.json().map((t: { subject: string }) => t.subject)).toEqual(['Problem']);
  });
});

describe('bad input', () => {
  it('answers junk with 4xx, never 500, and changes nothing', async () => {
    const me = await createUser(app);
    const admin = await createUser(app, { role: 'admin' });
    const ticket = await openTicket(me);
    const junk: unknown[] = [
      null,
      [],
      'text',
      42,
      { subject: 1, message: {}, priority: 'high' },
      { subject: 'a', message: 'b', priority: 'critical' },
      { subject: '', message: '', priority: '' },
      { subject: 'a'.repeat(201), message: 'b', priority: 'low' },
      { subject: ['a'], message: 'b', priority: 'low' },
    ];
    for (const payload of junk) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/support',
        headers: { ...me.auth, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const put = await app.inject({
        method: 'PUT',
        url: `/api/support/${ticket.id}`,
        headers: { ...admin.auth, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(put.statusCode, JSON.stringify(payload)).toBe(400);
      const validReply = typeof (payload as { message?: unknown } | null)?.message === 'string';
      if (validReply && (payload as { message: string }).message.trim()) continue;
      const reply = await app.inject({
        method: 'POST',
        url: `/api/support/${ticket.id}/replies`,
        headers: { ...me.auth, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/support',
      headers: { ...me.auth, 'content-type': 'application/json' },
      payload: '{"subject":',
    });
    expect(malformed.statusCode).toBe(400);
    for (const url of [
      '/api/support/not-a-uuid',
      '/api/support/not-a-uuid/replies',
      '/api/support?page=0',
      '/api/support?page=abc',
      '/api/support?pageSize=1000',
      '/api/support?status=weird',
      '/api/support?priority=low&priority=high',
      `/api/support?search=${'x'.repeat(300)}`,
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: admin.auth });
      expect(res.statusCode, url).toBe(400);
    }
    const mine = await app.inject({ method: 'GET', url: '/api/support/my-tickets', headers: me.auth });
    expect(mine.json()).toHaveLength(1);
    const replies = await app.inject({
      method: 'GET',
      url: `/api/support/${ticket.id}/replies`,
      headers: me.auth,
    });
    expect(replies.json()).toEqual([]);
    const stored = await app.inject({ method: 'GET', url: `/api/support/${ticket.id}`, headers: me.auth });
    expect(stored.json()).toMatchObject({ status: 'open', assigned_to_id: null });
  });
});
