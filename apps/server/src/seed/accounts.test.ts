import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/password.ts';
import { createSession } from '../modules/access/sessions.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { seedAccounts } from './accounts.ts';
import { DEMO_PASSWORD, type SeededUsers, seedUsers } from './users.ts';

let app: TestApp;
let people: SeededUsers;
beforeAll(async () => {
  app = await createTestApp();
  const hash = await hashPassword(DEMO_PASSWORD);
  await app.ctx.transaction(async (tx) => {
    people = await seedUsers(tx, hash);
    await seedAccounts(tx, people, app.ctx.config.encryptionKey, app.ctx.storage);
  });
});
afterAll(() => app.dispose());

const auth = async (key: string) => ({
  authorization: `Bearer ${await createSession(app.ctx.db, people[key].id)}`,
});

describe('demo accounts', () => {
  it('makes the demo engineer fully eligible: verified PE licences in two states and payouts enabled', async () => {
    const headers = await auth('engineer');
    const lic = await app.inject({
      method: 'GET',
      url: `/api/engineer/license/user/${people.engineer.id}`,
      headers,
    });
    expect(lic.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ license_type: 'PE', issue_state: 'Texas', is_valid: true }),
        expect.objectContaining({ license_type: 'PE', issue_state: 'Colorado', is_valid: true }),
      ]),
    );
    expect(lic.json()).toHaveLength(2);
    // Its proof document opens for the engineer, not for a visitor.
    const proof = lic.json()[0].proof_url as string;
    expect((await app.inject({ method: 'GET', url: proof, headers })).headers['content-type']).toBe(
      'application/pdf',
    );
    expect((await app.inject({ method: 'GET', url: proof })).statusCode).toBe(401);
    const status = await app.inject({ method: 'GET', url: '/api/stripe/connect/status', headers });
    expect(status.json()).toMatchObject({ payoutsEnabled: true });
    const account = await app.inject({
      method: 'GET',
      url: `/api/engineer/account/user/${people.engineer.id}`,
      headers,
    });
    expect(account.json().ssn_last4).toBe('2345');
  });

  it('leaves licences for the admin to review and payout accounts in every state', async () => {
    const pending = await app.inject({
      method: 'GET',
      url: '/api/engineer/pending_license',
      headers: await auth('admin'),
    });
    expect(pending.json().length).toBeGreaterThanOrEqual(2);
    const connected = await app.inject({
      method: 'GET',
      url: '/api/stripe/connect/status',
      headers: await auth('eng3'),
    });
    expect(connected.json()).toMatchObject({ accountId: expect.any(String), payoutsEnabled: false });
    const none = await app.inject({
      method: 'GET',
      url: '/api/stripe/connect/status',
      headers: await auth('eng4'),
    });
    expect(none.json().accountId).toBeNull();
    const dir = (await app.inject({ method: 'GET', url: '/api/engineer/account?pageSize=50' })).json();
    expect(dir.total).toBe(7);
    const expired = dir.items.find((i: { user_id: string }) => i.user_id === people.eng6.id);
    expect(expired.verified).toBe(false);
    const client = await app.inject({
      method: 'GET',
      url: `/api/client/account/user/${people.client.id}`,
      headers: await auth('client'),
    });
    expect(client.statusCode).toBe(200);
  });
});
