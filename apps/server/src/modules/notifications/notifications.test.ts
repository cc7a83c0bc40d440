import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';
import { notify } from './notifications.service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

describe('notifications', () => {
  it('lists only the owner’s notifications, newest first', async () => {
    const alice = await createUser(app);
    const bob = await createUser(app);
    await notify(app.ctx, alice.id, 'first', '/explore');
    await new Promise((r) => setTimeout(r, 5));
    await notify(app.ctx, alice.id, 'second');
    await notify(app.ctx, bob.id, 'for bob');

    const res = await app.inject({
      method: 'GET',
      url: `/api/notification/${alice.id}`,
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((n: { message: string }) => n.message)).toEqual(['second', 'first']);
    expect(res.json()[1]).toMatchObject({ is_read: false, notification_link: '/explore' });

    const other = await app.inject({
      method: 'GET',
      url: `/api/notification/${alice.id}`,
      headers: bob.auth,
    });
    expect(other.statusCode).toBe(403);
    const anon = await app.inject({ method: 'GET', url: `/api/notification/${alice.id}` });
    expect(anon.statusCode).toBe(401);
  });

  it('marks read and deletes only for the owner', async () => {
    const alice = await createUser(app);
    const bob = await createUser(app);
    const n = await notify(app.ctx, alice.id, 'hello');

    const foreign = await app.inject({
      method: 'PATCH',
      url: `/api/notification/read/${n.id}`,
      headers: bob.auth,
    });
    expect(foreign.statusCode).toBe(404);
    const read = await app.inject({
      method: 'PATCH',
      url: `/api/notification/read/${n.id}`,
      headers: alice.auth,
    });
    expect(read.json()).toMatchObject({ id: n.id, is_read: true });

    expect(
      (await app.inject({ method: 'DELETE', url: `/api/notification/${n.id}`, headers: bob.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/notification/${n.id}`, headers: alice.auth }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/notification/${n.id}`, headers: alice.auth }))
        .statusCode,
    ).toBe(404);
  });

  it('answers bad ids with 400, not 500', async () => {
    const alice = await createUser(app);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/notification/read/not-a-uuid',
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid id.');
    const unknown = await app.inject({
      method: 'DELETE',
      url: `/api/notification/${randomUUID()}`,
      headers: alice.auth,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
