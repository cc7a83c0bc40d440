// Demo data for the embedded default: loaded once, into an empty database, at start.
// Each feature adds its seeder here, in dependency order, inside one transaction.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema/index.ts';
import { randomToken } from '../lib/crypto.ts';
import { hashPassword } from '../lib/password.ts';
import { seedAccounts } from './accounts.ts';
import { seedAlerts } from './alerts.ts';
import { seedChat, storeChatFiles } from './chat.ts';
import { seedDealStories } from './deal-stories.ts';
import { seedDeals } from './deals.ts';
import { seedDisputes } from './disputes.ts';
import { seedPayments } from './payments.ts';
import { seedProjects } from './projects.ts';
import { seedRecords } from './record.ts';
import { seedSubmissions, storeDeliverables } from './submissions.ts';
import { seedSupport } from './support.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedUsers } from './users.ts';

export { DEMO_PASSWORD, DEMO_USERS };

export async function isEmpty(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row.n === 0;
}

export async function seedDemo(ctx: AppContext): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const adminPasswordHash =
    ctx.config.env === 'production' ? await hashPassword(randomToken()) : passwordHash;
  const chatFiles = await storeChatFiles(ctx.storage);
  const deliverables = await storeDeliverables(ctx.storage);
  const people = await ctx.transaction(async (tx) => {
    const people = await seedUsers(tx, passwordHash, adminPasswordHash);
    await seedAccounts(tx, people, ctx.config.encryptionKey, ctx.storage);
    const projectIds = await seedProjects(tx, people);
    await seedPayments(tx, people, ctx.payments.kind);
    await seedSubmissions(tx, people, projectIds, deliverables, ctx.config.sealTrustRoots);
    await seedSupport(tx, people);
    await seedChat(tx, projectIds, chatFiles);
    await seedDisputes(tx, people);
    await seedDeals(tx);
    await seedAlerts(tx, people);
    // Last: the records retell what every seed above wrote.
    await seedRecords(tx);
    return people;
  });
  // Deals that went through trouble, played by the product's own operations.
  await seedDealStories(ctx, people);
}
