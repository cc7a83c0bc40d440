import { isoDay } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineerAccounts, licenses, users } from '../../db/schema/index.ts';
import { encrypt } from '../../lib/crypto.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

const day = (offsetDays: number) => isoDay(new Date(Date.now() + offsetDays * 86_400_000));

type LicenseSeed = {
  type?: 'PE' | 'CPE' | 'SE';
  status?: 'pending' | 'verified' | 'rejected';
  expires?: string | null;
  /** Where it was issued; Texas, USA unless said. */
  at?: [string, string];
};
async function engineer(
  name: string,
  account: Partial<typeof engineerAccounts.$inferInsert> | null,
  held: LicenseSeed[],
) {
  const user = await createUser(app, { role: 'engineer', fullName: name });
  if (account)
    await app.ctx.db.insert(engineerAccounts).values({
      userId: user.id,
      phoneNumber: '5125550100',
      ssnEncrypted: encrypt('123456789', app.ctx.config.encryptionKey),
      ssnLast4: '6789',
      country: 'USA',
      state: 'Texas',
      specializations: ['civil'],
      highestEducation: 'bachelor',
      yearsOfExperience: 5,
      hoursRate: 10000,
      availability: 'full-time',
      ...account,
    });
  for (const [i, l] of held.entries())
    await app.ctx.db.insert(licenses).values({
      userId: user.id,
      licenseNumber: `${name}-${i}`,
      licenseType: l.type ?? 'PE',
      issueCountry: l.at?.[0] ?? 'USA',
      issueState: l.at?.[1] ?? 'Texas',
      specializations: ['civil'],
      expirationDate: l.expires === undefined ? day(365) : l.expires,
      verificationStatus: l.status ?? 'verified',
    });
  return user;
}

const list = async (query = '') => {
  const res = await app.inject({ method: 'GET', url: `/api/engineer/account${query}` });
  return res;
};
const names = (res: { json(): { items: Array<{ full_name: string }> } }) =>
  res
    .json()
    .items.map((i) => i.full_name)
    .sort();

describe('engineer directory', () => {
  let ada: Awaited<ReturnType<typeof engineer>>;
  beforeAll(async () => {
    ada = await engineer(
      'Ada Verified',
      { specializations: ['civil', 'structural'], hoursRate: 15000, highestEducation: 'phd' },
      [{ type: 'PE' }],
    );
    await engineer(
      'Bea Pending',
      {
        country: 'Australia',
        state: 'Victoria',
        specializations: ['fire'],
        availability: 'part-time',
        hoursRate: 8000,
      },
      [{ type: 'CPE', status: 'pending' }],
    );
    await engineer('Cal Expired', { specializations: ['electrical'], hoursRate: 20000 }, [
      { type: 'PE', expires: day(-1) },
    ]);
    await engineer('Dee Rejected', { specializations: ['civil'] }, [{ status: 'rejected' }]);
    await engineer('Eve Unlicensed', { specializations: ['civil'] }, []);
    await engineer('Fay NoAccount', null, [{ type: 'SE' }]);
    await engineer('Gus NoExpiry', { state: 'Ohio', specializations: ['mechanical'] }, [
      { type: 'SE', expires: null, at: ['USA', 'Ohio'] },
      { type: 'SE', at: ['USA', 'California'] },
      { type: 'PE', at: ['USA', 'Nevada'], status: 'pending' },
    ]);
  });

  it('lists only engineers with a licence, with badges, publicly and without private fields', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(res)).toEqual(['Ada Verified', 'Bea Pending', 'Cal Expired', 'Gus NoExpiry']);
    expect(body).toMatchObject({ total: 4, totalIsCapped: false, page: 1, pageSize: 12 });
    const byName = Object.fromEntries(body.items.map((i: { full_name: string }) => [i.full_name, i]));
    expect(byName['Ada Verified']).toMatchObject({
      user_id: ada.id,
      verified: true,
      license_types: ['PE'],
      hours_rate: 15000,
      avg_rating: 0,
      rating_count: 0,
    });
    expect(byName['Bea Pending'].verified).toBe(false);
    expect(byName['Cal Expired'].verified).toBe(false);
    expect(byName['Gus NoExpiry'].verified).toBe(true);
    // Licensed in: where the verified, unexpired licences were issued (not the pending Nevada one).
    expect(byName['Gus NoExpiry'].licensed_in).toEqual(['Ohio, USA', 'California, USA']);
    expect(byName['Cal Expired'].licensed_in).toEqual([]);
    expect(res.body).not.toContain('phone_number');
    expect(res.body).not.toContain('6789');
  });

  it('filters on the server', async () => {
    expect(names(await list('?specialization=structural'))).toEqual(['Ada Verified']);
    expect(names(await list('?license_type=CPE'))).toEqual(['Bea Pending']);
    expect(names(await list('?country=Australia'))).toEqual(['Bea Pending']);
    expect(names(await list('?country=USA&state=Ohio'))).toEqual(['Gus NoExpiry']);
    expect(names(await list('?availability=part-time'))).toEqual(['Bea Pending']);
    expect(names(await list('?education=phd'))).toEqual(['Ada Verified']);
    expect(names(await list('?min_rate=12000&max_rate=16000'))).toEqual(['Ada Verified']);
    expect(names(await list('?min_rate=15000'))).toEqual(['Ada Verified', 'Cal Expired']);
    expect(names(await list('?q=ada'))).toEqual(['Ada Verified']);
    expect(names(await list('?q=%25'))).toEqual([]);
    expect(names(await list('?verified=true'))).toEqual(['Ada Verified', 'Gus NoExpiry']);
    expect(names(await list('?verified=true&license_type=PE'))).toEqual(['Ada Verified']);
    expect((await list('?specialization=&country=')).json().total).toBe(4);
  });

  it('filters by where the licences were issued: verified and unexpired only', async () => {
    expect(names(await list('?licensed_country=USA&licensed_state=Texas'))).toEqual(['Ada Verified']);
    expect(names(await list('?licensed_country=USA&licensed_state=California'))).toEqual(['Gus NoExpiry']);
    // A pending licence does not count; an expired one neither (Cal's Texas licence).
    expect(names(await list('?licensed_country=USA&licensed_state=Nevada'))).toEqual([]);
    expect(names(await list('?licensed_country=USA'))).toEqual(['Ada Verified', 'Gus NoExpiry']);
    expect(names(await list('?licensed_country=Australia'))).toEqual([]);
    // With a type: a PE licence issued there.
    expect(names(await list('?licensed_country=USA&licensed_state=Ohio&license_type=PE'))).toEqual([]);
    expect(names(await list('?licensed_country=USA&licensed_state=Ohio&license_type=SE'))).toEqual([
      'Gus NoExpiry',
    ]);
    const bad = await list('?licensed_country=USA&licensed_state=Queensland');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose a state of the selected country.');
  });

  it('pages with a total', async () => {
    const first = (await list('?pageSize=3&page=1')).json();
    const second = (await list('?pageSize=3&page=2')).json();
    expect(first.items).toHaveLength(3);
    expect(second.items).toHaveLength(1);
    expect(first.total).toBe(4);
    const all = [...first.items, ...second.items].map((i: { user_id: string }) => i.user_id);
    expect(new Set(all).size).toBe(4);
  });

  it('refuses bad filters with a 400', async () => {
    for (const q of [
      '?pageSize=51',
      '?page=0',
      '?page=abc',
      '?min_rate=-1',
      '?min_rate=500&max_rate=100',
      '?country=USA&state=Victoria',
      '?state=Atlantis',
      '?specialization=plumbing',
      '?license_type=XX',
    ]) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe('public engineer profile', () => {
  it('shows the profile and licences without private data; 404 for unknown or non-engineers', async () => {
    const eng = await engineer('Hal Profile', { specializations: ['civil'] }, [
      { type: 'PE' },
      { type: 'CPE', status: 'rejected' },
      { type: 'SE', expires: day(-10) },
      { type: 'PE', status: 'pending', at: ['USA', 'Ohio'] },
    ]);
    const res = await app.inject({ method: 'GET', url: `/api/engineer/account/id/${eng.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ user_id: eng.id, full_name: 'Hal Profile', verified: true, avg_rating: 0 });
    expect(body.licenses.map((l: { license_type: string }) => l.license_type)).toEqual(['PE', 'SE', 'PE']);
    expect(body.licenses[1]).toMatchObject({ is_expired: true, is_valid: false });
    expect(body.licenses[0].expiration_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body).not.toContain('phone');
    expect(res.body).not.toContain('ssn');
    // A verified licence's number, as its board publishes it; one waiting for review shows none.
    expect(body.licenses.map((l: { license_number: string | null }) => l.license_number)).toEqual([
      'Hal Profile-0',
      'Hal Profile-2',
      null,
    ]);
    expect(res.body).not.toContain('Hal Profile-3');

    const noAccount = await createUser(app, { role: 'engineer' });
    const empty = await app.inject({ method: 'GET', url: `/api/engineer/account/id/${noAccount.id}` });
    expect(empty.json()).toMatchObject({ hours_rate: null, licenses: [], verified: false });

    const client = await createUser(app, { role: 'client' });
    for (const id of [client.id, '00000000-0000-4000-8000-000000000000']) {
      const r = await app.inject({ method: 'GET', url: `/api/engineer/account/id/${id}` });
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe('Engineer not found');
    }
    expect((await app.inject({ method: 'GET', url: '/api/engineer/account/id/not-a-uuid' })).statusCode).toBe(
      400,
    );
    const [u] = await app.ctx.db.select().from(users).where(eq(users.id, eng.id));
    expect(u.role).toBe('engineer');
  });

  it('tells only the engineer that the profile is theirs to edit', async () => {
    const eng = await engineer('Ida Own', {}, [{ type: 'PE' }]);
    const other = await createUser(app, { role: 'engineer' });
    const url = `/api/engineer/account/id/${eng.id}`;
    const as = async (headers?: Record<string, string>) =>
      (await app.inject({ method: 'GET', url, headers })).json().abilities;
    expect(await as(eng.auth)).toEqual({ edit: true });
    expect(await as(other.auth)).toEqual({ edit: false });
    expect(await as()).toEqual({ edit: false });
  });
});

describe('engineer directory with more engineers than it counts', () => {
  const BULK = 1100;
  const bulkName = (n: number) => `Bulk Zed ${String(n).padStart(4, '0')}`;
  beforeAll(async () => {
    // Set-based, like seed-large: 1,100 engineers, each with an account and a listed licence.
    await app.ctx.db.execute(sql`
      with u as (
        insert into users (full_name, email, password_hash, role, email_verified, created_at, updated_at)
        select 'Bulk Zed ' || lpad(g::text, 4, '0'), 'bulk-zed-' || g || '@test.dev', 'x', 'engineer', true,
               timestamp '2020-01-01' + g * interval '1 minute', now()
        from generate_series(1, ${BULK}) g
        returning id, created_at
      ), a as (
        insert into engineer_accounts (user_id, phone_number, ssn_encrypted, ssn_last4, country, state,
          specializations, highest_education, years_of_experience, hours_rate, availability, created_at, updated_at)
        select id, '5125550100', ${encrypt('123456789', app.ctx.config.encryptionKey)}, '6789', 'USA', 'Texas',
               array['civil'], 'bachelor', 5, 10000, 'full-time', created_at, now()
        from u returning user_id
      )
      insert into licenses (user_id, license_number, license_type, issue_country, issue_state, specializations,
        expiration_date, verification_status)
      select user_id, 'BZ-' || user_id, 'PE', 'USA', 'Texas', array['civil'], null, 'verified' from a`);
  });

  it('says "at least" past 1,000 engineers from the page, exact below', async () => {
    const first = (await list('?q=Bulk%20Zed')).json();
    expect(first).toMatchObject({ total: 1000, totalIsCapped: true, page: 1 });
    expect(first.items[0].full_name).toBe(bulkName(BULK));
    // Page 10 of 12 starts at row 109: the window (to 1,108) covers all 1,100.
    expect((await list('?q=Bulk%20Zed&page=10')).json()).toMatchObject({ total: BULK, totalIsCapped: false });
  });

  it('serves the last page of a deep list in order', async () => {
    const last = (await list('?q=Bulk%20Zed&page=92')).json();
    expect(last.items.map((i: { full_name: string }) => i.full_name)).toEqual([
      bulkName(8),
      bulkName(7),
      bulkName(6),
      bulkName(5),
      bulkName(4),
      bulkName(3),
      bulkName(2),
      bulkName(1),
    ]);
    expect(last).toMatchObject({ total: BULK, totalIsCapped: false });
  });
});
