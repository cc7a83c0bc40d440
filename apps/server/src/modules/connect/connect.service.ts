// Payout accounts (Stripe Connect Express or test mode): an engineer connects once,
// finishes onboarding at the provider, and the provider's `account.updated` events
// (or a status refresh) record whether payouts are enabled.
import type { ConnectRequest, ConnectStatus } from '@app/shared';
import { eq } from 'drizzle-orm';
import { type PaymentEvent, PaymentProviderError } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { type PayoutAccountRow, payoutAccounts } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { type Actor, authorize, hasRole } from '../../lib/policy.ts';
import { notify } from '../notifications/index.ts';

export const CONNECT_MESSAGES = {
  engineersOnly: 'Only engineers can connect a payout account.',
  noAccount: 'Connect a payout account first.',
  unfinished: 'Finish setting up your payout account first.',
} as const;

function assertEngineer(actor: Actor) {
  authorize(hasRole(actor, 'engineer'), CONNECT_MESSAGES.engineersOnly);
}

/** Provider failures become a 502 whose message the web shows after 'Failed to create Stripe account: '. */
async function provider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof PaymentProviderError) throw new AppError('PROVIDER_ERROR', err.message);
    throw err;
  }
}

async function findAccount(ctx: AppContext, userId: string): Promise<PayoutAccountRow | null> {
  const [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row ?? null;
}

const present = (row: PayoutAccountRow | null): ConnectStatus => ({
  accountId: row?.providerAccountId ?? null,
  payoutsEnabled: row?.payoutsEnabled ?? false,
  detailsSubmitted: row?.detailsSubmitted ?? false,
});

/**
 * Records the provider's state of an account as of `asOf`, unless a later state is
 * already stored (an older event arriving late changes nothing). Tells the engineer
 * when payouts become enabled. Unknown accounts are ignored.
 */
export async function applyAccountState(
  ctx: AppContext,
  tx: Tx,
  providerAccountId: string,
  state: { payoutsEnabled: boolean; detailsSubmitted: boolean },
  asOf: Date,
): Promise<PayoutAccountRow | null> {
  const [current] = await tx
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.providerAccountId, providerAccountId))
    .for('update');
  if (!current) return null;
  if (current.stateAsOf && current.stateAsOf > asOf) return current;
  const [row] = await tx
    .update(payoutAccounts)
    .set({
      payoutsEnabled: state.payoutsEnabled,
      detailsSubmitted: state.detailsSubmitted,
      stateAsOf: asOf,
      updatedAt: new Date(),
    })
    .where(eq(payoutAccounts.id, current.id))
    .returning();
  if (!current.payoutsEnabled && row.payoutsEnabled) {
    await notify(
      ctx,
      row.userId,
      'Your payout account is connected. You can now apply to projects and receive payouts.',
      `/engineer_dashboard/${row.userId}`,
      tx,
    );
  }
  return row;
}

/** `account.updated`: the event carries the whole account object. */
export async function handleAccountUpdated(ctx: AppContext, tx: Tx, event: PaymentEvent): Promise<void> {
  const account = event.data.object;
  if (typeof account.id !== 'string') return;
  await applyAccountState(
    ctx,
    tx,
    account.id,
    {
      payoutsEnabled: account.payouts_enabled === true,
      detailsSubmitted: account.details_submitted === true,
    },
    new Date(event.created * 1000),
  );
}

/** The caller's payout account, refreshed from the provider when one exists. */
export async function getConnectStatus(ctx: AppContext, actor: Actor): Promise<ConnectStatus> {
  assertEngineer(actor);
  const row = await findAccount(ctx, actor.id);
  if (!row) return present(null);
  try {
    const state = await ctx.payments.retrieveAccount(row.providerAccountId);
    if (state.payoutsEnabled !== row.payoutsEnabled || state.detailsSubmitted !== row.detailsSubmitted) {
      return present(
        await ctx.transaction((tx) => applyAccountState(ctx, tx, row.providerAccountId, state, new Date())),
      );
    }
  } catch (err) {
    // The stored state is still the best answer while the provider is unreachable.
    ctx.log.warn({ err, userId: actor.id }, 'payout account refresh failed');
  }
  return present(row);
}

/** Opens the caller's account at the provider once, and answers an onboarding address. */
export async function startOnboarding(
  ctx: AppContext,
  actor: Actor,
  input: ConnectRequest,
): Promise<{ onboardingUrl: string }> {
  assertEngineer(actor);
  let row = await findAccount(ctx, actor.id);
  if (!row) {
    const accountId = await provider(() =>
      ctx.payments.createConnectedAccount({ email: input.email, country: input.country }),
    );
    const [inserted] = await ctx.db
      .insert(payoutAccounts)
      .values({
        userId: actor.id,
        provider: ctx.payments.kind,
        providerAccountId: accountId,
        country: input.country,
        email: input.email,
      })
      .onConflictDoNothing({ target: payoutAccounts.userId })
      .returning();
    // A second request racing this one created the account first: use that one.
    row = inserted ?? (await findAccount(ctx, actor.id));
    if (!row) throw conflict('Your payout account is being created. Try again in a moment.');
  }
  const accountId = row.providerAccountId;
  const onboardingUrl = await provider(() => ctx.payments.createOnboardingLink(accountId));
  return { onboardingUrl };
}

export async function createDashboardLink(ctx: AppContext, actor: Actor): Promise<{ loginUrl: string }> {
  assertEngineer(actor);
  const row = await findAccount(ctx, actor.id);
  if (!row) throw notFound(CONNECT_MESSAGES.noAccount);
  const state = await provider(() => ctx.payments.retrieveAccount(row.providerAccountId));
  if (!state.detailsSubmitted) throw conflict(CONNECT_MESSAGES.unfinished);
  const loginUrl = await provider(() => ctx.payments.createLoginLink(row.providerAccountId));
  return { loginUrl };
}
