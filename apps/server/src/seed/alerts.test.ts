// The demo's job alerts: each mail choice, saved searches with mail on and off, and alert
// notifications that the real rule would have made.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { alertSettings, notifications, projectAlerts, projects, savedSearches } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { createSession } from '../modules/access/sessions.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { seedAccounts } from './accounts.ts';
import { seedAlerts } from './alerts.ts';
import { seedProjects } from './projects.ts';
import { DEMO_PASSWORD, type SeededUsers, seedUsers } from './users.ts';

let app: TestApp;
let people: SeededUsers;
beforeAll(async () => {
  app = await createTestApp();
  const hash = await hashPassword(DEMO_PASSWORD);
  await app.ctx.transaction(async (tx) => {
    people = await seedUsers(tx, hash);
    await seedAccounts(tx, people, app.ctx.config.encryptionKey);
    await seedProjects(tx, people);
    await seedAlerts(tx, people);
  });
});
afterAll(() => app.dispose());

it('shows every mail choice, and saved searches with mail on and off', async () => {
  const modes = await app.ctx.db.select().from(alertSettings);
  expect(new Set(modes.map((m) => m.mailMode))).toEqual(new Set(['instant', 'daily', 'never']));
  const auth = { authorization: `Bearer ${await createSession(app.ctx.db, people.engineer.id)}` };
  const res = await app.inject({ method: 'GET', url: '/api/alerts/searches', headers: auth });
  expect(res.json().map((s: { mail: boolean }) => s.mail)).toEqual([true, false]);
  expect((await app.ctx.db.select().from(savedSearches)).length).toBe(3);
});

it('gives each demo engineer alert notifications of open projects, the digest still owing some', async () => {
  const alerts = await app.ctx.db
    .select({
      userId: projectAlerts.userId,
      status: projects.status,
      mail: projectAlerts.mail,
      mailedAt: projectAlerts.mailedAt,
    })
    .from(projectAlerts)
    .innerJoin(projects, eq(projects.id, projectAlerts.projectId));
  for (const key of ['engineer', 'eng2', 'eng3']) {
    const mine = alerts.filter((a) => a.userId === people[key].id);
    expect(mine.length, key).toBeGreaterThan(0);
    expect(mine.every((a) => a.status === 'open')).toBe(true);
    const notes = await app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, people[key].id));
    expect(notes.filter((n) => n.message.startsWith('New project')).length).toBe(mine.length);
  }
  expect(alerts.some((a) => a.userId === people.eng2.id && a.mail && !a.mailedAt)).toBe(true);
  expect(alerts.filter((a) => a.userId === people.eng3.id).every((a) => !a.mail)).toBe(true);
});
