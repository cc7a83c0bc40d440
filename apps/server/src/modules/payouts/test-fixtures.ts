// Test fixtures for payouts: a completed deal whose payout is due, with the engineer's
// connected account known to the test provider in the state a test needs.
import { eq } from 'drizzle-orm';
import { payoutAccounts, payouts, testConnectAccounts } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { completedDeal } from '../submissions/test-fixtures.ts';

/** Points the engineer's connected account at the test provider, able to receive transfers or not. */
export async function providerAccount(app: TestApp, engineerId: string, payoutsEnabled: boolean) {
  const [account] = await app.ctx.db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, engineerId));
  await app.ctx.db
    .insert(testConnectAccounts)
    .values({
      id: account.providerAccountId,
      email: account.email,
      country: 'US',
      payoutsEnabled,
      detailsSubmitted: true,
    })
    .onConflictDoUpdate({ target: testConnectAccounts.id, set: { payoutsEnabled } });
}

/** A completed deal whose engineer can be paid: its payout is initiated, due on its Sunday. */
export async function dueDeal(app: TestApp, amountCents = 500_00) {
  const deal = await completedDeal(app, [amountCents]);
  await providerAccount(app, deal.engineer.id, true);
  const [payout] = await app.ctx.db.select().from(payouts).where(eq(payouts.paymentId, deal.payment.id));
  return { ...deal, payout };
}
