// Ratings through the API: both ways on a completed project, once each, 1 to 5, the
// sender always the caller; the stats and reviews every page reads.
import {
  DIRECTORY_MAX_PAGE_SIZE,
  type EngineerDirectoryDto,
  RATING_MESSAGES,
  type ReviewDto,
} from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineerAccounts, notifications, ratings } from '../../db/schema/index.ts';
import { encrypt } from '../../lib/crypto.ts';
import type { Person } from '../../test/fixtures/payments.ts';
import { paidDeal } from '../../test/fixtures/payments.ts';
import { completedDeal } from '../../test/fixtures/submissions.ts';
import { createTestApp, createUser, type TestApp } from '../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

const rate = (who: Person, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/ratings', headers: who.auth, payload });
const get = (url: string, who?: Person) => app.inject({ method: 'GET', url, headers: who?.auth });
/** An engineer's card in the directory, their profile saved first (the fixtures hold a licence only). */
async function directoryCard(userId: string) {
  await app.ctx.db
    .insert(engineerAccounts)
    .values({
      userId,
      phoneNumber: '5125550100',
      ssnEncrypted: encrypt('123456789', app.ctx.config.encryptionKey),
      ssnLast4: '6789',
      country: 'USA',
      state: 'Texas',
      highestEducation: 'bachelor',
      yearsOfExperience: 5,
      hoursRate: 10000,
      availability: 'full-time',
    })
    .onConflictDoNothing();
  const page = (
    await get(`/api/engineer/account?pageSize=${DIRECTORY_MAX_PAGE_SIZE}`)
  ).json() as EngineerDirectoryDto;
  return page.items.find((card) => card.user_id === userId);
}

describe('ratings', () => {
  it('lets client and engineer rate each other once on a completed project', async () => {
    const deal = await completedDeal(app);
    const { client, engineer, projectId } = deal;
    const shared = await get(`/api/projects/completed/${client.id}/${engineer.id}`, client);
    expect(shared.json()).toEqual([
      {
        id: projectId,
        title: 'Deck permit drawings',
        completed_at: expect.any(String),
        rated: false,
        my_rate: null,
      },
    ]);

    const byClient = await rate(client, {
      sender_id: client.id,
      receiver_id: engineer.id,
      project_id: projectId,
      rate: 5,
      comment: 'Fast and thorough.',
    });
    expect(byClient.statusCode, byClient.body).toBe(201);
    expect(byClient.json()).toMatchObject({
      rate: 5,
      comment: 'Fast and thorough.',
      sender_name: client.fullName,
    });
    const byEngineer = await rate(engineer, {
      sender_id: engineer.id,
      receiver_id: client.id,
      project_id: projectId,
      rate: 4,
    });
    expect(byEngineer.statusCode, byEngineer.body).toBe(201);
    expect(byEngineer.json().comment).toBeNull();

    const again = await rate(client, {
      sender_id: client.id,
      receiver_id: engineer.id,
      project_id: projectId,
      rate: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RATING_MESSAGES.alreadyRatedProject);
    // Once rated, the stars given come back with it (the profile shows them).
    expect(
      (await get(`/api/projects/completed/${client.id}/${engineer.id}`, client)).json()[0],
    ).toMatchObject({
      rated: true,
      my_rate: 5,
    });
    expect(
      (await get(`/api/ratings/check/${client.id}/${engineer.id}/${projectId}`, client)).json(),
    ).toMatchObject({ rated: true, rating: { rate: 5 } });
    expect(
      (await get(`/api/ratings/check/${client.id}/${engineer.id}/${projectId}`, engineer)).statusCode,
    ).toBe(403);

    const reviews = (await get(`/api/ratings/user/${engineer.id}`)).json() as ReviewDto[];
    expect(reviews.map((r) => r.rate)).toEqual([5]);
    expect((await get(`/api/ratings/stats/${engineer.id}`)).json()).toEqual({
      total_ratings: 1,
      average_rating: 5,
    });
    expect((await get(`/api/ratings/stats/${client.id}`)).json()).toEqual({
      total_ratings: 1,
      average_rating: 4,
    });
    // The pages read the same numbers: the directory profile and the project's client block.
    expect((await get(`/api/engineer/account/id/${engineer.id}`)).json()).toMatchObject({
      avg_rating: 5,
      rating_count: 1,
    });
    expect((await get(`/api/projects/id/${projectId}`)).json()).toMatchObject({
      avg_rating: 4,
      rating_count: 1,
    });
    expect(await directoryCard(engineer.id)).toMatchObject({ avg_rating: 5, rating_count: 1 });
    const notes = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, engineer.id));
    expect(notes.map((n) => n.message)).toContainEqual(expect.stringContaining('rated you 5 stars'));
  });

  it('averages with two decimals across projects', async () => {
    const first = await completedDeal(app);
    const engineer = first.engineer;
    const c = first.client;
    await rate(c, { sender_id: c.id, receiver_id: engineer.id, project_id: first.projectId, rate: 5 });
    // Two more clients rate the same engineer 4 and 4: (5 + 4 + 4) / 3 = 4.33.
    for (const r of [4, 4]) {
      const deal = await completedDeal(app);
      await app.ctx.db
        .insert(ratings)
        .values({ senderId: deal.client.id, receiverId: engineer.id, projectId: deal.projectId, rate: r });
    }
    expect((await get(`/api/ratings/stats/${engineer.id}`)).json()).toEqual({
      total_ratings: 3,
      average_rating: 4.33,
    });
    expect(await directoryCard(engineer.id)).toMatchObject({ avg_rating: 4.33, rating_count: 3 });
  });

  it('refuses what breaks a rule, and stores nothing', async () => {
    const deal = await completedDeal(app);
    const { client, engineer, projectId } = deal;
    const loser = deal.offers[1].engineer;
    const stranger = await createUser(app, { role: 'client' });
    const base = { sender_id: client.id, receiver_id: engineer.id, project_id: projectId, rate: 4 };
    const cases: Array<[Person, Record<string, unknown>, number, string]> = [
      [client, { ...base, rate: 0 }, 400, RATING_MESSAGES.outOfRange],
      [client, { ...base, rate: 6 }, 400, RATING_MESSAGES.outOfRange],
      [client, { ...base, rate: 4.5 }, 400, RATING_MESSAGES.outOfRange],
      [client, { ...base, rate: '5' }, 400, RATING_MESSAGES.outOfRange],
      [client, { ...base, project_id: '' }, 400, RATING_MESSAGES.selectProject],
      [client, { ...base, project_id: undefined }, 400, RATING_MESSAGES.selectProject],
      // As someone else, to someone else, about oneself, from outside the deal.
      [stranger, base, 403, RATING_MESSAGES.asYourself],
      [stranger, { ...base, sender_id: stranger.id }, 403, RATING_MESSAGES.notAllowed],
      [client, { ...base, receiver_id: loser.id }, 403, RATING_MESSAGES.notAllowed],
      [client, { ...base, receiver_id: client.id }, 403, RATING_MESSAGES.notAllowed],
      [loser, { ...base, sender_id: loser.id, receiver_id: client.id }, 403, RATING_MESSAGES.notAllowed],
    ];
    for (const [who, payload, status, message] of cases) {
      const res = await rate(who, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await app.inject({ method: 'POST', url: '/api/ratings', payload: base })).statusCode).toBe(401);
    expect(await app.ctx.db.select().from(ratings).where(eq(ratings.projectId, projectId))).toEqual([]);
    expect((await get(`/api/projects/completed/${client.id}/${engineer.id}`, stranger)).statusCode).toBe(403);
  });

  it('waits until the project is completed, and two racing ratings store one', async () => {
    const deal = await paidDeal(app);
    const early = await rate(deal.client, {
      sender_id: deal.client.id,
      receiver_id: deal.engineer.id,
      project_id: deal.projectId,
      rate: 5,
    });
    expect(early.statusCode).toBe(403);
    const done = await completedDeal(app);
    const body = {
      sender_id: done.client.id,
      receiver_id: done.engineer.id,
      project_id: done.projectId,
      rate: 3,
    };
    const codes = (await Promise.all([rate(done.client, body), rate(done.client, body)])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([201, 409]);
    expect(await app.ctx.db.select().from(ratings).where(eq(ratings.projectId, done.projectId))).toHaveLength(
      1,
    );
  });

  it('answers an empty list for a user without reviews and 404 for an unknown one', async () => {
    const nobody = await createUser(app, { role: 'engineer' });
    expect((await get(`/api/ratings/user/${nobody.id}`)).json()).toEqual([]);
    expect((await get(`/api/ratings/stats/${nobody.id}`)).json()).toEqual({
      total_ratings: 0,
      average_rating: 0,
    });
    expect((await get('/api/ratings/user/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
