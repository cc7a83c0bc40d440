import { isoDay } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenses, mailOutbox, notifications } from '../../db/schema/index.ts';
import { uploaded } from '../../test/fixtures/files.ts';
import { createTestApp, createUser, eventually, type TestApp } from '../../test/harness.ts';
import { sendExpiryReminders } from './licenses.service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

const day = (offsetDays: number) => isoDay(new Date(Date.now() + offsetDays * 86_400_000));
const input = (extra: Record<string, unknown> = {}) => ({
  license_number: `PE-${Math.random().toString(36).slice(2, 8)}`,
  license_type: 'PE',
  issue_country: 'USA',
  issue_state: 'Texas',
  specializations: ['civil'],
  expiration_date: day(400),
  ...extra,
});
const until = (check: () => Promise<boolean>) => eventually(check);

async function addLicense(user: { id: string; auth: { authorization: string } }, extra = {}) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/engineer/license/${user.id}`,
    headers: user.auth,
    payload: input(extra),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('licences: engineers manage their own', () => {
  it('applies owner and role rules on every call', async () => {
    const owner = await createUser(app, { role: 'engineer' });
    const other = await createUser(app, { role: 'engineer' });
    const client = await createUser(app, { role: 'client' });
    const admin = await createUser(app, { role: 'admin' });
    const url = `/api/engineer/license/${owner.id}`;

    expect((await app.inject({ method: 'POST', url, payload: input() })).statusCode).toBe(401);
    for (const who of [other, client, admin]) {
      const res = await app.inject({ method: 'POST', url, payload: input(), headers: who.auth });
      expect(res.statusCode).toBe(403);
    }
    const clientOwn = await app.inject({
      method: 'POST',
      url: `/api/engineer/license/${client.id}`,
      payload: input(),
      headers: client.auth,
    });
    expect(clientOwn.json().message).toBe('Only engineers can manage licenses.');

    const created = await addLicense(owner);
    expect(created).toMatchObject({ verification_status: 'pending', is_valid: false, user_id: owner.id });

    const listUrl = `/api/engineer/license/user/${owner.id}`;
    expect((await app.inject({ method: 'GET', url: listUrl, headers: owner.auth })).json()).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: listUrl, headers: admin.auth })).json()).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: listUrl, headers: other.auth })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: listUrl, headers: client.auth })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: listUrl })).statusCode).toBe(401);

    const itemUrl = `/api/engineer/license/${created.id}`;
    for (const who of [other, client, admin]) {
      expect(
        (await app.inject({ method: 'PUT', url: itemUrl, payload: input(), headers: who.auth })).statusCode,
      ).toBe(403);
      expect((await app.inject({ method: 'DELETE', url: itemUrl, headers: who.auth })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'PUT', url: itemUrl, payload: input() })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: itemUrl })).statusCode).toBe(401);

    const edited = await app.inject({
      method: 'PUT',
      url: itemUrl,
      payload: input({ license_type: 'SE', issue_state: 'Ohio' }),
      headers: owner.auth,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      license_type: 'SE',
      issue_state: 'Ohio',
      verification_status: 'pending',
    });

    const deleted = await app.inject({ method: 'DELETE', url: itemUrl, headers: owner.auth });
    expect(deleted.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: listUrl, headers: owner.auth })).json()).toHaveLength(0);
    expect((await app.inject({ method: 'DELETE', url: itemUrl, headers: owner.auth })).statusCode).toBe(404);
  });

  it('validates input: all fields, state of country, dates, proof address, duplicates', async () => {
    const owner = await createUser(app, { role: 'engineer' });
    const url = `/api/engineer/license/${owner.id}`;
    for (const field of [
      'license_number',
      'license_type',
      'issue_country',
      'issue_state',
      'specializations',
      'expiration_date',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: owner.auth,
        payload: input({ [field]: undefined }),
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toBe('All fields are required.');
    }
    const wrongState = await app.inject({
      method: 'POST',
      url,
      headers: owner.auth,
      payload: input({ issue_country: 'Australia', issue_state: 'Texas' }),
    });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().fields.issue_state).toBe('Choose a state of the selected country.');
    const past = await app.inject({
      method: 'POST',
      url,
      headers: owner.auth,
      payload: input({ expiration_date: day(-1) }),
    });
    expect(past.statusCode).toBe(400);
    const badDate = await app.inject({
      method: 'POST',
      url,
      headers: owner.auth,
      payload: input({ expiration_date: '2030-02-31' }),
    });
    expect(badDate.statusCode).toBe(400);
    const foreignProof = await app.inject({
      method: 'POST',
      url,
      headers: owner.auth,
      payload: input({ proof_url: 'https://evil.example/files/abcdefghijkl.pdf' }),
    });
    expect(foreignProof.statusCode).toBe(400);
    expect(foreignProof.json().message).toBe('The proof document must be a file uploaded to StampWorks.');
    const ownProof = await uploaded(app, 'license_proof', owner.auth);
    const withProof = await addLicense(owner, { proof_url: ownProof, license_number: 'DUP-1' });
    expect(withProof.proof_url).toBe(ownProof);
    const dup = await app.inject({
      method: 'POST',
      url,
      headers: owner.auth,
      payload: input({ license_number: 'DUP-1' }),
    });
    expect(dup.statusCode).toBe(409);
    const list = await app.inject({
      method: 'GET',
      url: `/api/engineer/license/user/${owner.id}`,
      headers: owner.auth,
    });
    expect(list.json()).toHaveLength(1);
  });
});

describe('licence review', () => {
  it('only admins see the queue, oldest first, with name, e-mail and proof', async () => {
    const eng = await createUser(app, { role: 'engineer', fullName: 'Queue Person' });
    const admin = await createUser(app, { role: 'admin' });
    const first = await addLicense(eng);
    const second = await addLicense(eng);
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(told.filter((n) => n.message === 'Queue Person submitted a PE license for review.')).toHaveLength(
      2,
    );
    expect(told[0].notificationLink).toBe(`/admin_dashboard/${admin.id}`);
    const url = '/api/engineer/pending_license';
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url, headers: eng.auth })).statusCode).toBe(403);
    const res = await app.inject({ method: 'GET', url, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const mine = res.json().filter((l: { user_id: string }) => l.user_id === eng.id);
    expect(mine.map((l: { id: string }) => l.id)).toEqual([first.id, second.id]);
    expect(mine[0]).toMatchObject({
      full_name: 'Queue Person',
      email: eng.email,
      created_at: expect.any(String),
    });
  });

  it('approves: locked for the owner, notified and e-mailed; a second decision is refused', async () => {
    const eng = await createUser(app, { role: 'engineer' });
    const admin = await createUser(app, { role: 'admin' });
    const lic = await addLicense(eng);
    const url = `/api/engineer/license/${lic.id}/status`;
    const payload = { verification_status: 'verified' };
    expect((await app.inject({ method: 'PATCH', url, payload })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PATCH', url, payload, headers: eng.auth })).statusCode).toBe(403);
    const client = await createUser(app, { role: 'client' });
    expect((await app.inject({ method: 'PATCH', url, payload, headers: client.auth })).statusCode).toBe(403);
    const badStatus = await app.inject({
      method: 'PATCH',
      url,
      payload: { verification_status: 'pending' },
      headers: admin.auth,
    });
    expect(badStatus.statusCode).toBe(400);

    const ok = await app.inject({ method: 'PATCH', url, payload, headers: admin.auth });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: lic.id, verification_status: 'verified', is_valid: true });

    const again = await app.inject({ method: 'PATCH', url, payload, headers: admin.auth });
    expect(again.statusCode).toBe(409);

    const put = await app.inject({
      method: 'PUT',
      url: `/api/engineer/license/${lic.id}`,
      payload: input(),
      headers: eng.auth,
    });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toBe('A verified license cannot be edited.');
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/engineer/license/${lic.id}`,
      headers: eng.auth,
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('A verified license cannot be deleted.');

    const notes = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, eng.id));
    expect(notes).toHaveLength(1);
    expect(notes[0].message).toContain('approved');
    expect(notes[0].notificationLink).toBe(`/profile/${eng.id}`);
    await until(
      async () => (await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, eng.email))).length > 0,
    );
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, eng.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('approved');
  });

  it('rejects with a reason; editing sends it back to pending', async () => {
    const eng = await createUser(app, { role: 'engineer' });
    const admin = await createUser(app, { role: 'admin' });
    const lic = await addLicense(eng);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/engineer/license/${lic.id}/status`,
      payload: { verification_status: 'rejected', reason: 'The proof document is unreadable.' },
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      verification_status: 'rejected',
      rejection_reason: 'The proof document is unreadable.',
    });
    await until(
      async () => (await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, eng.email))).length > 0,
    );
    const [mail] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, eng.email));
    expect(mail.text).toContain('The proof document is unreadable.');
    const [note] = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, eng.id));
    expect(note.message).toContain('The proof document is unreadable.');

    const adminNotes = async () =>
      (await app.ctx.db.select().from(notifications).where(eq(notifications.userId, admin.id))).length;
    const before = await adminNotes();
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/engineer/license/${lic.id}`,
      payload: input({ license_number: 'FIXED-1' }),
      headers: eng.auth,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ verification_status: 'pending', rejection_reason: null });
    // Back in the queue: the admins hear of it.
    expect(await adminNotes()).toBe(before + 1);
  });

  it('two racing decisions: exactly one wins, the other gets 409', async () => {
    const eng = await createUser(app, { role: 'engineer' });
    const admin1 = await createUser(app, { role: 'admin' });
    const admin2 = await createUser(app, { role: 'admin' });
    for (let round = 0; round < 3; round++) {
      const lic = await addLicense(eng);
      const url = `/api/engineer/license/${lic.id}/status`;
      const results = await Promise.all([
        app.inject({
          method: 'PATCH',
          url,
          payload: { verification_status: 'verified' },
          headers: admin1.auth,
        }),
        app.inject({
          method: 'PATCH',
          url,
          payload: { verification_status: 'rejected', reason: 'no' },
          headers: admin2.auth,
        }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json();
      const [row] = await app.ctx.db.select().from(licenses).where(eq(licenses.id, lic.id));
      expect(row.verificationStatus).toBe(winner.verification_status);
      const notes = await app.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, eng.id)));
      expect(notes).toHaveLength(round + 1);
    }
  });

  it('unknown licence: 404; bad id: 400', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/engineer/license/00000000-0000-4000-8000-000000000000/status',
      payload: { verification_status: 'verified' },
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/engineer/license/xyz/status',
      payload: { verification_status: 'verified' },
      headers: admin.auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('expiry reminders', () => {
  it('reminds at 60, 30 and 7 days left: one notification and e-mail per window, once', async () => {
    const eng = await createUser(app, { role: 'engineer' });
    const base = {
      userId: eng.id,
      licenseType: 'PE' as const,
      issueCountry: 'USA',
      issueState: 'Texas',
      specializations: ['civil'],
    };
    await app.ctx.db.insert(licenses).values([
      { ...base, licenseNumber: 'D-45', expirationDate: day(45), verificationStatus: 'verified' },
      { ...base, licenseNumber: 'D-10', expirationDate: day(10), verificationStatus: 'verified' },
      { ...base, licenseNumber: 'LATER', expirationDate: day(61), verificationStatus: 'verified' },
      { ...base, licenseNumber: 'GONE', expirationDate: day(-3), verificationStatus: 'verified' },
      { ...base, licenseNumber: 'PENDING', expirationDate: day(10), verificationStatus: 'pending' },
      { ...base, licenseNumber: 'FOREVER', expirationDate: null, verificationStatus: 'verified' },
    ]);
    const reminded = async () =>
      (await app.ctx.db.select().from(notifications).where(eq(notifications.userId, eng.id)))
        .map((n) => n.message.match(/license (\S+)/)?.[1])
        .sort();
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000);
    // Today: D-45 is in its 60-day window, D-10 in its 30-day window. A second run sends nothing.
    expect(await sendExpiryReminders(app.ctx)).toBeGreaterThanOrEqual(2);
    await sendExpiryReminders(app.ctx);
    expect(await reminded()).toEqual(['D-10', 'D-45']);
    // Four days on, D-10 has 6 days left: its 7-day reminder; D-45 (41 left) waits for 30;
    // LATER (57 left) enters its 60-day window.
    await sendExpiryReminders(app.ctx, inDays(4));
    await sendExpiryReminders(app.ctx, inDays(4));
    expect(await reminded()).toEqual(['D-10', 'D-10', 'D-45', 'LATER']);
    // Fifteen days on, D-45 has 30 left; LATER (46) has had its 60-day reminder already.
    await sendExpiryReminders(app.ctx, inDays(15));
    expect(await reminded()).toEqual(['D-10', 'D-10', 'D-45', 'D-45', 'LATER']);
    await until(
      async () =>
        (await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, eng.email))).length >= 5,
    );
    await new Promise((r) => setTimeout(r, 100));
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, eng.email));
    expect(mails).toHaveLength(5);
  });

  it('answers how many days each licence has left', async () => {
    const eng = await createUser(app, { role: 'engineer' });
    await app.ctx.db.insert(licenses).values({
      userId: eng.id,
      licenseNumber: 'SOON-9',
      licenseType: 'PE',
      issueCountry: 'USA',
      issueState: 'Texas',
      specializations: ['civil'],
      expirationDate: day(9),
      verificationStatus: 'verified',
    });
    const res = await app.inject({
      method: 'GET',
      url: `/api/engineer/license/user/${eng.id}`,
      headers: eng.auth,
    });
    expect(res.json()).toEqual([expect.objectContaining({ license_number: 'SOON-9', expires_in_days: 9 })]);
  });
});
