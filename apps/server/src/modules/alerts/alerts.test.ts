// Job alerts through the real app and database: who is alerted when a project is posted
// (licence type, jurisdiction, expiry, review, specialization, saved searches), mail per
// choice, the digest's once a day, no double alert across retries and concurrent workers, and
// the signed one-click unsubscribe.
import { ALERT_MESSAGES } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  alertFanouts,
  alertSettings,
  engineerAccounts,
  licenses,
  mailOutbox,
  notifications,
  projectAlerts,
  projects,
  savedSearches,
  users,
} from '../../db/schema/index.ts';
import { paidDeal } from '../../test/fixtures/payments.ts';
import { addLicense, insertProject } from '../../test/fixtures/projects.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';
import { sendDigests } from './alerts.digest.ts';
import { fanoutsSettled, runFanouts } from './alerts.fanout.ts';
import { unsubscribeToken } from './alerts.tokens.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ rateLimitScale: 100 });
});
afterAll(() => app.dispose());

type Person = Awaited<ReturnType<typeof createUser>>;

/** An engineer with a profile in `specializations` and the given licences. */
async function engineer(
  specializations: string[],
  licences: Parameters<typeof addLicense>[2][] = [{}],
  mailMode?: 'instant' | 'daily' | 'never',
): Promise<Person> {
  const e = await createUser(app, { role: 'engineer' });
  await app.ctx.db.insert(engineerAccounts).values({
    userId: e.id,
    phoneNumber: '+15125550100',
    ssnEncrypted: 'v1:x',
    ssnLast4: '0000',
    country: 'USA',
    state: 'Texas',
    specializations,
    highestEducation: 'master',
    yearsOfExperience: 10,
    hoursRate: 10_000,
    availability: 'full-time',
  });
  for (const l of licences) await addLicense(app, e.id, l);
  if (mailMode) await app.ctx.db.insert(alertSettings).values({ userId: e.id, mailMode });
  return e;
}

const projectBody = (over: Record<string, unknown> = {}) => ({
  title: `Structural review ${Math.random().toString(36).slice(2, 8)}`,
  description: 'Stamped drawings for a retaining wall.',
  specializations: ['structural'],
  license_type: 'PE',
  budget: 250_000,
  deadline: '2099-12-01',
  country: 'USA',
  state: 'Texas',
  urgency_level: 'high',
  ...over,
});

async function post(client: Person, over: Record<string, unknown> = {}): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/projects/${client.id}`,
    headers: client.auth,
    payload: projectBody(over),
  });
  expect(res.statusCode).toBe(201);
  // The worker started after commit; wait for it, then for anything it left.
  await fanoutsSettled(app.ctx);
  await runFanouts(app.ctx);
  return res.json().id;
}

const alertsOf = (projectId: string) =>
  app.ctx.db.select().from(projectAlerts).where(eq(projectAlerts.projectId, projectId));
const notesOf = (userId: string) =>
  app.ctx.db.select().from(notifications).where(eq(notifications.userId, userId));
const mailTo = (email: string) => app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

// Every test starts with no projects and no engineers, so fan-outs and digests see only their own.
beforeEach(async () => {
  await app.ctx.db.delete(projects);
  await app.ctx.db.delete(users).where(eq(users.role, 'engineer'));
  await app.ctx.db.delete(mailOutbox);
});

describe('who is alerted of a posted project', () => {
  it('alerts engineers whose verified, current licence fits its type and place and whose field it is in', async () => {
    const client = await createUser(app, { role: 'client' });
    const fits = await engineer(['structural', 'civil']);
    const otherState = await engineer(['structural'], [{ state: 'California' }]);
    const otherType = await engineer(['structural'], [{ type: 'SE' }]);
    const expired = await engineer(['structural'], [{ expires: '2020-01-01' }]);
    const pending = await engineer(['structural'], [{ status: 'pending' }]);
    const rejected = await engineer(['structural'], [{ status: 'rejected' }]);
    const otherField = await engineer(['electrical']);
    const noLicence = await engineer(['structural'], []);
    const projectId = await post(client);

    const alerted = (await alertsOf(projectId)).map((a) => a.userId);
    expect(alerted).toEqual([fits.id]);
    const [note] = await notesOf(fits.id);
    expect(note.message).toMatch(/^New project you can take: "Structural review/);
    expect(note.notificationLink).toBe(`/project_details/${projectId}`);
    for (const e of [otherState, otherType, expired, pending, rejected, otherField, noLicence])
      expect(await notesOf(e.id)).toHaveLength(0);
  });

  it('alerts an engineer licensed anywhere in the country for a project naming no state, and any type when it names none', async () => {
    const client = await createUser(app, { role: 'client' });
    const california = await engineer(['structural'], [{ state: 'California', type: 'SE' }]);
    // Older projects may name a country alone (posting now asks for the state).
    const projectId = await insertProject(app, client.id, {
      specializations: ['structural'],
      licenseType: null,
      country: 'USA',
      state: null,
    });
    await app.ctx.db.insert(alertFanouts).values({ projectId });
    await runFanouts(app.ctx);
    expect((await alertsOf(projectId)).map((a) => a.userId)).toContain(california.id);
  });

  it('alerts through a saved search outside the profile’s specializations, naming the search', async () => {
    const client = await createUser(app, { role: 'client' });
    const e = await engineer(['electrical']);
    const saved = await app.inject({
      method: 'POST',
      url: '/api/alerts/searches',
      headers: e.auth,
      payload: {
        name: 'Texas walls',
        filters: { q: 'retaining wall', specialization: 'structural', min_budget: '100000' },
      },
    });
    expect(saved.statusCode).toBe(201);
    const cheap = await post(client, { budget: 50_000 });
    expect(await alertsOf(cheap)).toHaveLength(0);
    const projectId = await post(client);
    const [alert] = await alertsOf(projectId);
    expect(alert).toMatchObject({ userId: e.id, savedSearchId: saved.json().id });
    const notes = await notesOf(e.id);
    expect(notes.map((n) => n.message)).toEqual([
      expect.stringMatching(/^New project matching your search "Texas walls"/),
    ]);
  });

  it('still needs a licence that fits for a saved search', async () => {
    const client = await createUser(app, { role: 'client' });
    const e = await engineer(['electrical'], [{ state: 'California' }]);
    await app.ctx.db
      .insert(savedSearches)
      .values({ userId: e.id, name: 'Any structural', filters: { specialization: 'structural' } });
    const projectId = await post(client);
    expect(await alertsOf(projectId)).toHaveLength(0);
  });

  it('re-checks eligibility when the fan-out runs: a licence that lapsed meanwhile gets no alert', async () => {
    const client = await createUser(app, { role: 'client' });
    const e = await engineer(['structural']);
    const projectId = await insertProject(app, client.id, {
      specializations: ['structural'],
      country: 'USA',
      state: 'Texas',
    });
    // As if the post committed and the worker had not run yet.
    await app.ctx.db.insert(alertFanouts).values({ projectId });
    await app.ctx.db.update(licenses).set({ expirationDate: '2020-01-01' }).where(eq(licenses.userId, e.id));
    await runFanouts(app.ctx);
    expect(await alertsOf(projectId)).toHaveLength(0);
  });

  it('alerts nobody for a project taken before its fan-out ran', async () => {
    const client = await createUser(app, { role: 'client' });
    await engineer(['structural']);
    const projectId = await insertProject(app, client.id, {
      specializations: ['structural'],
      status: 'assigned',
    });
    await app.ctx.db.insert(alertFanouts).values({ projectId });
    await runFanouts(app.ctx);
    expect(await alertsOf(projectId)).toHaveLength(0);
    const [f] = await app.ctx.db.select().from(alertFanouts).where(eq(alertFanouts.projectId, projectId));
    expect(f.doneAt).toBeInstanceOf(Date);
  });
});

describe('one alert per engineer and project', () => {
  it('alerts once across a retried fan-out and several concurrent workers', async () => {
    const client = await createUser(app, { role: 'client' });
    const es = await Promise.all([
      engineer(['structural']),
      engineer(['structural']),
      engineer(['structural']),
    ]);
    const projectId = await insertProject(app, client.id, {
      specializations: ['structural'],
      country: 'USA',
      state: 'Texas',
    });
    // The same opening recorded three times (a retry, a reopening) and three workers at once.
    await app.ctx.db.insert(alertFanouts).values([{ projectId }, { projectId }, { projectId }]);
    await Promise.all([runFanouts(app.ctx), runFanouts(app.ctx), runFanouts(app.ctx)]);
    await runFanouts(app.ctx);
    expect(await alertsOf(projectId)).toHaveLength(3);
    for (const e of es) expect(await notesOf(e.id)).toHaveLength(1);
    const pending = await app.ctx.db.select().from(alertFanouts).where(eq(alertFanouts.projectId, projectId));
    expect(pending.every((f) => f.doneAt)).toBe(true);
  });
});

describe('mail per the engineer’s choice', () => {
  it('mails at once for instant, with one-click unsubscribe headers; nothing for never; the digest for daily', async () => {
    const client = await createUser(app, { role: 'client' });
    const instant = await engineer(['structural'], [{}], 'instant');
    const never = await engineer(['structural'], [{}], 'never');
    const daily = await engineer(['structural']);
    const projectId = await post(client);
    expect((await alertsOf(projectId)).length).toBe(3);

    const [mail] = await mailTo(instant.email);
    expect(mail.subject).toMatch(/A new project you can take/);
    expect(mail.text).toContain(`/#/project_details/${projectId}`);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(
      /^<http.*\/api\/alerts\/unsubscribe\?token=m\.[0-9a-f-]{36}\.[\w-]+>$/,
    );
    expect(await mailTo(never.email)).toHaveLength(0);
    expect(await mailTo(daily.email)).toHaveLength(0);
    // Every one of them sees it in the app.
    for (const e of [instant, never, daily]) expect(await notesOf(e.id)).toHaveLength(1);
  });

  it('sends the daily digest once a day, listing the day’s projects still open', async () => {
    const client = await createUser(app, { role: 'client' });
    const daily = await engineer(['structural']);
    const first = await post(client, { title: 'Bridge deck' });
    const second = await post(client, { title: 'Parking garage' });
    const taken = await post(client, { title: 'Taken already' });
    await app.ctx.db.update(projects).set({ status: 'assigned' }).where(eq(projects.id, taken));
    const day = new Date('2099-06-01T14:00:00Z');

    expect(await sendDigests(app.ctx, day)).toBeGreaterThanOrEqual(1);
    const mails = await mailTo(daily.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^2 new projects you can take/);
    expect(mails[0].text).toContain(`/#/project_details/${first}`);
    expect(mails[0].text).toContain(`/#/project_details/${second}`);
    expect(mails[0].text).not.toContain('Taken already');
    expect(mails[0].headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // The same day again (a second instance, a retry), even with a new project: nothing.
    await post(client, { title: 'Later the same day' });
    await sendDigests(app.ctx, day);
    await sendDigests(app.ctx, new Date('2099-06-01T23:59:00Z'));
    expect(await mailTo(daily.email)).toHaveLength(1);
    // The next day brings the project the first digest did not list.
    await sendDigests(app.ctx, new Date('2099-06-02T14:00:00Z'));
    const next = (await mailTo(daily.email)).find((m) => m.text.includes('Later the same day'));
    expect(next?.subject).toMatch(/^1 new project you can take/);
    expect(await mailTo(daily.email)).toHaveLength(2);
  });

  it('sends no digest to an engineer who chose never or instant', async () => {
    const client = await createUser(app, { role: 'client' });
    const never = await engineer(['structural'], [{}], 'never');
    await post(client);
    await sendDigests(app.ctx, new Date('2099-07-01T14:00:00Z'));
    expect(await mailTo(never.email)).toHaveLength(0);
  });
});

describe('settings and saved searches', () => {
  it('lets an engineer read and choose the mail mode; refuses clients and bad values', async () => {
    const e = await engineer(['civil']);
    const get = await app.inject({ method: 'GET', url: '/api/alerts/settings', headers: e.auth });
    expect(get.json()).toEqual({ mail_mode: 'daily' });
    const put = await app.inject({
      method: 'PUT',
      url: '/api/alerts/settings',
      headers: e.auth,
      payload: { mail_mode: 'instant' },
    });
    expect(put.json()).toEqual({ mail_mode: 'instant' });
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/alerts/settings',
      headers: e.auth,
      payload: { mail_mode: 'hourly' },
    });
    expect(bad.statusCode).toBe(400);
    const client = await createUser(app, { role: 'client' });
    const refused = await app.inject({ method: 'GET', url: '/api/alerts/settings', headers: client.auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ALERT_MESSAGES.engineersOnly);
    expect((await app.inject({ method: 'GET', url: '/api/alerts/settings' })).statusCode).toBe(401);
  });

  it('saves, lists, renames and deletes saved searches, each person only their own', async () => {
    const e = await engineer(['civil']);
    const other = await engineer(['civil']);
    const created = await app.inject({
      method: 'POST',
      url: '/api/alerts/searches',
      headers: e.auth,
      payload: {
        name: '  Austin civil ',
        filters: { specialization: 'civil', state: 'Texas', q: '', max_budget: '500000' },
      },
    });
    expect(created.statusCode).toBe(201);
    const search = created.json();
    expect(search).toMatchObject({
      name: 'Austin civil',
      filters: { specialization: 'civil', state: 'Texas', max_budget: 500000 },
      mail: true,
    });
    expect(search.filters).not.toHaveProperty('q');
    const id = search.id;
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/alerts/searches/${id}`,
      headers: e.auth,
      payload: { name: 'Civil' },
    });
    expect(renamed.json().name).toBe('Civil');
    const foreign = await app.inject({
      method: 'PATCH',
      url: `/api/alerts/searches/${id}`,
      headers: other.auth,
      payload: { name: 'Mine' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/alerts/searches/${id}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    const list = await app.inject({ method: 'GET', url: '/api/alerts/searches', headers: e.auth });
    expect(list.json().map((s: { name: string }) => s.name)).toEqual(['Civil']);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/alerts/searches/${id}`, headers: e.auth })).statusCode,
    ).toBe(200);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/alerts/searches',
      headers: e.auth,
      payload: { name: '', filters: { urgency: 'someday' } },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('one-click unsubscribe', () => {
  const key = () => app.ctx.config.unsubscribeKey;

  it('shows a confirm page signed out, and a POST turns off only the alert mail', async () => {
    const e = await engineer(['civil'], [{}], 'instant');
    const [search] = await app.ctx.db
      .insert(savedSearches)
      .values({ userId: e.id, name: 'S', filters: {} })
      .returning();
    const token = unsubscribeToken(key(), { kind: 'mail', userId: e.id });
    const page = await app.inject({ method: 'GET', url: `/api/alerts/unsubscribe?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post"');
    // Showing the page changes nothing.
    const [before] = await app.ctx.db.select().from(alertSettings).where(eq(alertSettings.userId, e.id));
    expect(before.mailMode).toBe('instant');
    // What a mail client sends (RFC 8058).
    const res = await app.inject({
      method: 'POST',
      url: `/api/alerts/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(ALERT_MESSAGES.unsubscribedMail);
    const [after] = await app.ctx.db.select().from(alertSettings).where(eq(alertSettings.userId, e.id));
    expect(after.mailMode).toBe('never');
    const [kept] = await app.ctx.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(kept.mail).toBe(true);
  });

  it('a saved search’s link turns off that search’s mail only', async () => {
    const e = await engineer(['civil'], [{}], 'instant');
    const rows = await app.ctx.db
      .insert(savedSearches)
      .values([
        { userId: e.id, name: 'One', filters: {} },
        { userId: e.id, name: 'Two', filters: {} },
      ])
      .returning();
    const token = unsubscribeToken(key(), { kind: 'search', searchId: rows[0].id });
    const page = await app.inject({ method: 'GET', url: `/api/alerts/unsubscribe?token=${token}` });
    expect(page.body).toContain('your saved search &quot;One&quot;');
    const res = await app.inject({
      method: 'POST',
      url: `/api/alerts/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(ALERT_MESSAGES.unsubscribedSearch);
    const after = await app.ctx.db.select().from(savedSearches).where(eq(savedSearches.userId, e.id));
    expect(Object.fromEntries(after.map((s) => [s.name, s.mail]))).toEqual({ One: false, Two: true });
    const [settings] = await app.ctx.db.select().from(alertSettings).where(eq(alertSettings.userId, e.id));
    expect(settings.mailMode).toBe('instant');
  });

  it('refuses a forged, altered or missing token and changes nothing', async () => {
    const e = await engineer(['civil'], [{}], 'instant');
    const victim = await engineer(['civil'], [{}], 'instant');
    const mine = unsubscribeToken(key(), { kind: 'mail', userId: e.id });
    const [, , mac] = mine.split('.');
    for (const token of [
      `m.${victim.id}.${mac}`,
      `m.${victim.id}.AAAA`,
      'garbage',
      '',
      `s.${victim.id}.${mac}`,
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, token).toBe(400);
      expect(res.body).toContain(ALERT_MESSAGES.badLink);
    }
    const page = await app.inject({ method: 'GET', url: '/api/alerts/unsubscribe?token=nope' });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(ALERT_MESSAGES.badLink);
    const [settings] = await app.ctx.db
      .select()
      .from(alertSettings)
      .where(and(eq(alertSettings.userId, victim.id)));
    expect(settings.mailMode).toBe('instant');
  });
});

// Last: it leaves a paid and refunded deal, whose money rows the cleanup above must not cut.
describe('a project open again', () => {
  it('is alerted after a refund in the window puts it back on the market, to engineers not yet alerted', async () => {
    const deal = await paidDeal(app);
    const newcomer = await engineer(['civil']);
    const refund = await app.inject({
      method: 'POST',
      url: '/api/payments/refund',
      headers: deal.client.auth,
      payload: { paymentId: deal.payment.id },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const [project] = await app.ctx.db.select().from(projects).where(eq(projects.id, deal.projectId));
    expect(project.status).toBe('open');
    // Written with the reopening, in its transaction.
    const owed = await app.ctx.db
      .select()
      .from(alertFanouts)
      .where(eq(alertFanouts.projectId, deal.projectId));
    expect(owed).toHaveLength(1);
    await fanoutsSettled(app.ctx);
    await runFanouts(app.ctx);
    const alerted = (await alertsOf(deal.projectId)).map((a) => a.userId);
    expect(alerted).toContain(newcomer.id);
  });
});
