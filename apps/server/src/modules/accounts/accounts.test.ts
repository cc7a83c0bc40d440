import { ACCOUNT_MESSAGES } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineerAccounts } from '../../db/schema/index.ts';
import { decrypt } from '../../lib/crypto.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';

const SSN = '987654321';
let app: TestApp;
const bodies: string[] = [];
async function call(opts: InjectOptions) {
  const res = await app.inject(opts);
  bodies.push(res.body);
  return res;
}

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  // No answer of any call in this file carried the full SSN.
  for (const body of bodies) expect(body).not.toContain(SSN);
  await app.dispose();
});

const engineerInput = {
  phone_number: '5125550100',
  ssn: SSN,
  country: 'USA',
  state: 'Texas',
  specializations: ['civil', 'structural'],
  highest_education: 'master',
  years_of_experience: 7,
  portfolio: 'https://example.com/portfolio',
  hours_rate: 12550,
  availability: 'full-time',
};
const clientInput = {
  phone_number: '0412345678',
  company_name: 'Harbour Builds',
  company_website: 'https://harbour.example',
  country: 'Australia',
  state: 'Victoria',
};

describe('engineer account', () => {
  it('is created, read and updated by its owner only; the SSN is sealed and answered as last four', async () => {
    const owner = await createUser(app, { role: 'engineer' });
    const other = await createUser(app, { role: 'engineer' });
    const client = await createUser(app, { role: 'client' });
    const admin = await createUser(app, { role: 'admin' });

    const empty = await call({
      method: 'GET',
      url: `/api/engineer/account/user/${owner.id}`,
      headers: owner.auth,
    });
    expect(empty.statusCode).toBe(404);
    expect(empty.json().code).toBe('NOT_FOUND');

    // Nobody but the owner creates it.
    const url = `/api/engineer/account/${owner.id}`;
    expect((await call({ method: 'POST', url, payload: engineerInput })).statusCode).toBe(401);
    expect(
      (await call({ method: 'POST', url, payload: engineerInput, headers: other.auth })).statusCode,
    ).toBe(403);
    expect(
      (await call({ method: 'POST', url, payload: engineerInput, headers: admin.auth })).statusCode,
    ).toBe(403);
    const clientOwn = await call({
      method: 'POST',
      url: `/api/engineer/account/${client.id}`,
      payload: engineerInput,
      headers: client.auth,
    });
    expect(clientOwn.statusCode).toBe(403);
    expect(clientOwn.json().message).toBe('Only engineers have an engineer account.');

    const created = await call({ method: 'POST', url, payload: engineerInput, headers: owner.auth });
    expect(created.statusCode).toBe(201);
    const account = created.json();
    expect(account).toMatchObject({
      user_id: owner.id,
      ssn_last4: '4321',
      hours_rate: 12550,
      state: 'Texas',
    });
    expect(account).not.toHaveProperty('ssn');
    expect(account).not.toHaveProperty('ssn_encrypted');

    const again = await call({ method: 'POST', url, payload: engineerInput, headers: owner.auth });
    expect(again.statusCode).toBe(409);

    // Stored encrypted: the column is not the SSN, and decrypts to it.
    const [row] = await app.ctx.db
      .select()
      .from(engineerAccounts)
      .where(eq(engineerAccounts.userId, owner.id));
    expect(row.ssnEncrypted).not.toContain(SSN);
    expect(row.ssnEncrypted.startsWith('v1:')).toBe(true);
    expect(decrypt(row.ssnEncrypted, app.ctx.config.encryptionKey)).toBe(SSN);

    // Read: owner and admin; not another engineer, a client or a visitor.
    const readUrl = `/api/engineer/account/user/${owner.id}`;
    expect((await call({ method: 'GET', url: readUrl, headers: owner.auth })).json().ssn_last4).toBe('4321');
    expect((await call({ method: 'GET', url: readUrl, headers: admin.auth })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: readUrl, headers: other.auth })).statusCode).toBe(403);
    expect((await call({ method: 'GET', url: readUrl, headers: client.auth })).statusCode).toBe(403);
    expect((await call({ method: 'GET', url: readUrl })).statusCode).toBe(401);

    // Update by account id, and by user id; omitting the SSN keeps it.
    const { ssn: _ssn, ...withoutSsn } = engineerInput;
    const putUrl = `/api/engineer/account/${account.id}`;
    for (const who of [other, client, admin]) {
      const res = await call({ method: 'PUT', url: putUrl, payload: withoutSsn, headers: who.auth });
      expect(res.statusCode).toBe(403);
    }
    expect((await call({ method: 'PUT', url: putUrl, payload: withoutSsn })).statusCode).toBe(401);
    const updated = await call({
      method: 'PUT',
      url: putUrl,
      payload: { ...withoutSsn, hours_rate: 15000, availability: 'part-time' },
      headers: owner.auth,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ hours_rate: 15000, availability: 'part-time', ssn_last4: '4321' });
    const bySsn = await call({
      method: 'PUT',
      url: `/api/engineer/account/${owner.id}`,
      payload: { ...withoutSsn, ssn: '111223333' },
      headers: owner.auth,
    });
    expect(bySsn.json().ssn_last4).toBe('3333');
    const [after] = await app.ctx.db
      .select()
      .from(engineerAccounts)
      .where(eq(engineerAccounts.userId, owner.id));
    expect(decrypt(after.ssnEncrypted, app.ctx.config.encryptionKey)).toBe('111223333');
  });

  it('rejects bad input with the product’s messages and changes nothing', async () => {
    const owner = await createUser(app, { role: 'engineer' });
    const url = `/api/engineer/account/${owner.id}`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { phone_number: '512555010' },
        'Enter a US or Australian phone number, such as (512) 555-0142 or 0412 345 678.',
      ],
      [{ ssn: '12345678' }, 'SSN must be 9 digits.'],
      [{ state: 'Victoria' }, 'Choose a state of the selected country.'],
      [{ country: 'Canada' }, 'Choose a country.'],
      [{ specializations: ['plumbing'] }, 'Choose specializations from the list.'],
      [{ years_of_experience: -1 }, 'Years of experience must be a whole number of 0 or more.'],
      [{ hours_rate: -5 }, 'Hourly rate must be 0 or more, in cents.'],
      // $99.999 an hour arrives as 9999.9 cents: refused, never rounded in silence.
      [{ hours_rate: 9999.9 }, 'Hourly rate must be 0 or more, in cents.'],
      [{ portfolio: 'javascript:alert(1)' }, 'Enter a web address starting with http:// or https://.'],
      [{ availability: 'weekends' }, 'Choose your availability.'],
    ];
    for (const [patch, message] of cases) {
      const res = await call({
        method: 'POST',
        url,
        payload: { ...engineerInput, ...patch },
        headers: owner.auth,
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const garbage = await call({
      method: 'POST',
      url,
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: '{"phone',
    });
    expect(garbage.statusCode).toBe(400);
    const res = await call({
      method: 'GET',
      url: `/api/engineer/account/user/${owner.id}`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('phone numbers', () => {
  it('takes the usual US and Australian forms and stores them in E.164', async () => {
    const client = await createUser(app, { role: 'client' });
    const url = `/api/client/account/${client.id}`;
    const created = await call({
      method: 'POST',
      url,
      payload: { ...clientInput, phone_number: '+61 412 345 678' },
      headers: client.auth,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().phone_number).toBe('+61412345678');
    const engineer = await createUser(app, { role: 'engineer' });
    const made = await call({
      method: 'POST',
      url: `/api/engineer/account/${engineer.id}`,
      payload: { ...engineerInput, phone_number: '+1 512 555 0142' },
      headers: engineer.auth,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().phone_number).toBe('+15125550142');
    const british = await call({
      method: 'PUT',
      url: `/api/client/account/${created.json().id}`,
      payload: { ...clientInput, phone_number: '+44 20 7946 0958' },
      headers: client.auth,
    });
    expect(british.statusCode).toBe(400);
    expect(british.json()).toMatchObject({ fields: { phone_number: ACCOUNT_MESSAGES.phone } });
  });
});

describe('client account', () => {
  it('belongs to its owning client only', async () => {
    const owner = await createUser(app, { role: 'client' });
    const other = await createUser(app, { role: 'client' });
    const engineer = await createUser(app, { role: 'engineer' });
    const admin = await createUser(app, { role: 'admin' });
    const readUrl = `/api/client/account/user/${owner.id}`;
    expect((await call({ method: 'GET', url: readUrl, headers: owner.auth })).statusCode).toBe(404);

    const url = `/api/client/account/${owner.id}`;
    expect((await call({ method: 'POST', url, payload: clientInput })).statusCode).toBe(401);
    for (const who of [other, engineer, admin])
      expect((await call({ method: 'POST', url, payload: clientInput, headers: who.auth })).statusCode).toBe(
        403,
      );
    const engineerOwn = await call({
      method: 'POST',
      url: `/api/client/account/${engineer.id}`,
      payload: clientInput,
      headers: engineer.auth,
    });
    expect(engineerOwn.json().message).toBe('Only clients have a client account.');

    const bad = await call({
      method: 'POST',
      url,
      payload: { ...clientInput, phone_number: '123' },
      headers: owner.auth,
    });
    expect(bad.json().message).toBe(
      'Enter a US or Australian phone number, such as (512) 555-0142 or 0412 345 678.',
    );
    const wrongState = await call({
      method: 'POST',
      url,
      payload: { ...clientInput, state: 'Texas' },
      headers: owner.auth,
    });
    expect(wrongState.statusCode).toBe(400);

    const created = await call({ method: 'POST', url, payload: clientInput, headers: owner.auth });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ company_name: 'Harbour Builds', state: 'Victoria' });

    expect((await call({ method: 'GET', url: readUrl, headers: owner.auth })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: readUrl, headers: admin.auth })).statusCode).toBe(200);
    expect((await call({ method: 'GET', url: readUrl, headers: other.auth })).statusCode).toBe(403);
    expect((await call({ method: 'GET', url: readUrl, headers: engineer.auth })).statusCode).toBe(403);
    expect((await call({ method: 'GET', url: readUrl })).statusCode).toBe(401);

    const putUrl = `/api/client/account/${created.json().id}`;
    for (const who of [other, engineer, admin])
      expect(
        (await call({ method: 'PUT', url: putUrl, payload: clientInput, headers: who.auth })).statusCode,
      ).toBe(403);
    const updated = await call({
      method: 'PUT',
      url: putUrl,
      payload: { ...clientInput, company_name: '', company_website: '', state: 'Tasmania' },
      headers: owner.auth,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ company_name: null, company_website: null, state: 'Tasmania' });
  });
});
