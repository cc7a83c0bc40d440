import { TICKET_PRIORITIES, TICKET_STATUSES } from '@app/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { supportTicketReplies, supportTickets } from '../../db/schema/index.ts';
import { seedSupport } from '../../seed/support.ts';
import { seedUsers } from '../../seed/users.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.dispose());

it('demo tickets cover every status and priority, some assigned, with replies', async () => {
  await app.ctx.transaction(async (tx) => seedSupport(tx, await seedUsers(tx, 'x')));
  const tickets = await app.ctx.db.select().from(supportTickets);
  expect(new Set(tickets.map((t) => t.status))).toEqual(new Set(TICKET_STATUSES));
  expect(new Set(tickets.map((t) => t.priority))).toEqual(new Set(TICKET_PRIORITIES));
  expect(tickets.some((t) => t.assignedToId && t.supportName)).toBe(true);
  expect(tickets.some((t) => !t.assignedToId)).toBe(true);
  expect(tickets.every((t) => /^TCK-\d{6}$/.test(t.ticketNumber))).toBe(true);
  expect((await app.ctx.db.select().from(supportTicketReplies)).length).toBeGreaterThan(3);
});
