// Demo deals that went through trouble, played with the product's own operations after the
// rest of the demo data is in (docs/DEALS.md), so their records, tickets, notifications,
// mails and ledger are exactly what the product makes:
// - Olivia's irrigation pump station (James O'Connor hired): James reported a problem when the
//   pump supplier changed the motor, and withdrew it once Olivia sent the new data (the deal
//   went on); later Olivia reported the drawings late and incomplete, and support split the
//   payment: $4,000.00 of $7,000.00 for James (80/20: $3,200.00 to his wallet, $800.00 fee),
//   $3,000.00 back to Olivia. Needs the test-mode provider, which confirms the refund at once.
// - Olivia's balcony remediation, waiting 8 days for her decision: the auto-release clock has
//   sent her the first reminder.
// - Marcus's rooftop unit (Noah Kim hired two hours ago): the landlord's own engineer took the
//   roof over, and Marcus asked for his refund. It was paid with Stripe's asynchronous-refund
//   test card, so the provider confirms the refund only an hour later: until then the deal
//   shows 'refund under way' (Payment History, Admin Orders, the project page).

import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { payments, projects } from '../db/schema/index.ts';
import { runAutoRelease } from '../modules/deals/auto-release.ts';
import { requestRefund } from '../modules/deals/refund-deal.ts';
import { reportProblem, withdrawProblem } from '../modules/deals/report-problem.ts';
import { settleProblem } from '../modules/deals/settle-problem.ts';
import { DEMO_REFUND_UNDER_WAY } from './payments.ts';
import { DEMO_PROJECT_TITLES } from './projects.ts';
import type { SeededUsers } from './users.ts';

export const DEMO_SPLIT = {
  project: DEMO_PROJECT_TITLES.pump,
  engineerCents: 4000_00,
  withdrawn:
    'The pump supplier changed the motor to 75 hp after I was hired. The feeder, the VSD and the switchboard have to be sized again, and I have no data sheet for the new motor yet.',
  reported:
    'The drawings came two weeks late and without the switchboard layout we agreed on. Our electrician had to draw it himself.',
  note: 'The cabling design was delivered and used on site; the switchboard layout was not. Split: $4,000.00 for the work delivered, $3,000.00 back to the client.',
} as const;

export async function seedDealStories(ctx: AppContext, people: SeededUsers): Promise<void> {
  const [pump] = await ctx.db.select().from(projects).where(eq(projects.title, DEMO_SPLIT.project));
  if (pump?.status === 'assigned' && ctx.payments.kind === 'test') {
    const engineer = { id: people.eng3.id, role: people.eng3.role };
    const client = { id: people.client3.id, role: people.client3.role };
    const staff = { id: people.admin.id, role: people.admin.role };
    await reportProblem(ctx, engineer, pump.id, DEMO_SPLIT.withdrawn);
    await withdrawProblem(ctx, engineer, pump.id);
    const dispute = await reportProblem(ctx, client, pump.id, DEMO_SPLIT.reported);
    await settleProblem(ctx, staff, dispute.id, {
      outcome: 'split',
      engineer_cents: DEMO_SPLIT.engineerCents,
      note: DEMO_SPLIT.note,
    });
  }
  const [rooftop] = await ctx.db
    .select({ paymentId: payments.id })
    .from(projects)
    .innerJoin(payments, eq(payments.projectId, projects.id))
    .where(and(eq(projects.title, DEMO_REFUND_UNDER_WAY), eq(payments.status, 'succeeded')));
  if (rooftop && ctx.payments.kind === 'test')
    await requestRefund(ctx, { id: people.client2.id, role: people.client2.role }, rooftop.paymentId);
  // The balcony's waiting version is past half its time: the reminder goes out now.
  await runAutoRelease(ctx);
}
