import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

describe('unread message count', () => {
  it('answers the owner only', async () => {
    const alice = await createUser(app);
    const bob = await createUser(app);
    const own = await app.inject({
      method: 'GET',
      url: `/api/chat/unread_messages/${alice.id}`,
      headers: alice.auth,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ unread_count: 0 });
    const other = await app.inject({
      method: 'GET',
      url: `/api/chat/unread_messages/${alice.id}`,
      headers: bob.auth,
    });
    expect(other.statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/api/chat/unread_messages/${alice.id}` })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/chat/unread_messages/nope', headers: alice.auth }))
        .statusCode,
    ).toBe(400);
  });
});
