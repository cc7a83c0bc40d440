// POST /api/payments/checkout-session: the client signs the contract and is sent to the
// card provider's checkout. Nothing is accepted here and no deal exists yet: the deal is
// made only when the provider's event confirms the payment (complete-checkout.ts).
//
// Locks, in the order every payment operation takes them: project, proposal, payment.
// Provider calls happen outside transactions; the payment row (with the session's
// expiry fixed before the call) is the idempotency key, so a retried or concurrent click
// gets the same session and never a second live payment for one proposal.
import {
  CHECKOUT_TTL_MS,
  type CheckoutSessionBody,
  describeDuration,
  MIN_CHARGE_CENTS,
  PAYMENT_MESSAGES,
  renderContract,
} from '@app/shared';
import { and, eq, gt, inArray, or } from 'drizzle-orm';
import { PaymentProviderError } from '../../adapters/payments/payments.ts';
import type { AppContext } from '../../context.ts';
import { contractSignatures, type PaymentRow, payments, proposals, users } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { canPayForProject, payableCheckout, sha256 } from '../payments/index.ts';
import { lockProject } from '../projects/index.ts';
import { appendRecord } from '../record-chain/index.ts';

/** Names compared as people type them: case, spacing and accents aside. */
export const sameName = (a: string, b: string) => {
  const norm = (s: string) =>
    s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return norm(a) === norm(b);
};

type SigningContext = { ip: string; userAgent: string };

/** A session about to expire is not handed out again: the client needs time to pay. */
const REUSE_MARGIN_MS = 5 * 60 * 1000;

export async function startCheckout(
  ctx: AppContext,
  caller: Actor & { fullName: string },
  body: CheckoutSessionBody & { currency: string },
  signing: SigningContext,
): Promise<{ url: string }> {
  const now = new Date();
  const { payment, replaced, labels } = await ctx.transaction(async (tx) => {
    const project = await lockProject(tx, body.project_id);
    if (!project) throw notFound('Project not found');
    if (!canPayForProject(caller, project)) throw forbidden(PAYMENT_MESSAGES.onlyOwner);
    const [proposal] = await tx
      .select({
        id: proposals.id,
        projectId: proposals.projectId,
        engineerId: proposals.engineerId,
        status: proposals.status,
        amount: proposals.proposedAmount,
        deliveryDays: proposals.deliveryDays,
        engineerName: users.fullName,
      })
      .from(proposals)
      .innerJoin(users, eq(users.id, proposals.engineerId))
      .where(eq(proposals.id, body.proposal_id))
      .for('update', { of: proposals });
    if (!proposal) throw notFound(PAYMENT_MESSAGES.proposalNotFound);
    if (proposal.projectId !== project.id) throw badRequest(PAYMENT_MESSAGES.proposalNotOfProject);
    if (project.status !== 'open') throw conflict(PAYMENT_MESSAGES.projectNotOpen);
    if (proposal.status !== 'pending') throw conflict(PAYMENT_MESSAGES.proposalNotPending);
    // The server charges what it computes; an amount from the browser is only checked.
    if (body.amount !== proposal.amount)
      throw badRequest(PAYMENT_MESSAGES.amountMismatch, { amount: PAYMENT_MESSAGES.amountMismatch });
    if (proposal.amount < MIN_CHARGE_CENTS) throw badRequest(PAYMENT_MESSAGES.minimumCharge);

    const text = renderContract({
      projectId: project.id,
      projectTitle: project.title,
      proposalId: proposal.id,
      clientName: caller.fullName,
      engineerName: proposal.engineerName,
      amountCents: proposal.amount,
      acceptanceAfter: describeDuration(ctx.config.autoReleaseMs),

      deliveryDays: proposal.deliveryDays,
    });
    const textSha256 = sha256(text);
    if (textSha256 !== body.contract_sha256) throw conflict(PAYMENT_MESSAGES.contractChanged);
    if (!sameName(body.signed_name, caller.fullName)) {
      const message = `Type your full name as it appears on your account: ${caller.fullName}.`;
      throw badRequest(message, { signed_name: message });
    }
    const [signature] = await tx
      .insert(contractSignatures)
      .values({
        projectId: project.id,
        proposalId: proposal.id,
        signerId: caller.id,
        signedName: body.signed_name,
        text,
        textSha256,
        ip: signing.ip,
        userAgent: signing.userAgent.slice(0, 500),
        signedAt: now,
      })
      .returning({ id: contractSignatures.id });
    await appendRecord(tx, project.id, {
      type: 'contract_signed',
      actorId: caller.id,
      data: {
        proposal_id: proposal.id,
        signature_id: signature.id,
        signed_name: body.signed_name,
        text_sha256: textSha256,
        amount_cents: proposal.amount,
      },
      at: now,
    });

    // Live checkouts of this project: the one for this proposal is handed out again
    // while it has time left; any other (another proposal, or about to expire) is
    // replaced, so only the newest can still take the client's money. A checkout whose card
    // was declined is still open at the provider, so it is live too.
    const live = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.projectId, project.id),
          or(eq(payments.status, 'pending'), and(payableCheckout(), gt(payments.sessionExpiresAt, now))),
        ),
      )
      .for('update');
    const reusable = live.find(
      (p) =>
        p.proposalId === proposal.id &&
        p.amountCents === proposal.amount &&
        (!p.sessionExpiresAt || p.sessionExpiresAt.getTime() - now.getTime() > REUSE_MARGIN_MS),
    );
    const stale = live.filter((p) => p !== reusable);
    for (const p of stale) {
      await tx
        .update(payments)
        .set({ status: 'failed', failureReason: 'replaced', failedAt: now, updatedAt: now })
        .where(and(eq(payments.id, p.id), inArray(payments.status, ['pending', 'failed'])));
    }
    const labels = { title: project.title, engineerName: proposal.engineerName };
    // Trying again after a declined card: the same checkout, waiting for payment again.
    if (reusable?.status === 'failed')
      await tx
        .update(payments)
        .set({ status: 'pending', failureReason: null, failedAt: null, updatedAt: now })
        .where(and(eq(payments.id, reusable.id), eq(payments.status, 'failed')));
    if (reusable) return { payment: reusable, replaced: stale, labels };
    const [created] = await tx
      .insert(payments)
      .values({
        projectId: project.id,
        proposalId: proposal.id,
        customerId: caller.id,
        engineerId: proposal.engineerId,
        contractSignatureId: signature.id,
        amountCents: proposal.amount,
        currency: body.currency,
        provider: ctx.payments.kind,
        // Fixed before the provider call: a repeated call must send identical parameters.
        sessionExpiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
      })
      .returning();
    return { payment: created, replaced: stale, labels };
  });

  // A replaced checkout must not take money any more. If it is paid all the same (the
  // client had it open), complete-checkout refunds it.
  for (const p of replaced) if (p.checkoutSessionId) await expireQuietly(ctx, p.checkoutSessionId);

  if (payment.checkoutUrl) return { url: payment.checkoutUrl };
  return { url: await openSession(ctx, payment, { email: body.email, ...labels }, now) };
}

async function openSession(
  ctx: AppContext,
  payment: PaymentRow,
  labels: { email: string; title: string; engineerName: string },
  now: Date,
): Promise<string> {
  const base = ctx.config.publicUrl;
  let session: Awaited<ReturnType<AppContext['payments']['createCheckoutSession']>>;
  try {
    session = await ctx.payments.createCheckoutSession({
      amountCents: payment.amountCents,
      currency: payment.currency,
      productName: `Engineering services: ${labels.title}`.slice(0, 250),
      description: `Proposal by ${labels.engineerName}, held in escrow until you accept the final submission.`,
      customerEmail: labels.email,
      clientReferenceId: payment.id,
      metadata: {
        payment_id: payment.id,
        project_id: payment.projectId,
        proposal_id: payment.proposalId ?? '',
      },
      transferGroup: payment.projectId,
      successUrl: `${base}/#/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/#/cancel`,
      expiresAt: payment.sessionExpiresAt ?? new Date(now.getTime() + CHECKOUT_TTL_MS),
      idempotencyKey: `checkout:${payment.id}`,
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    ctx.log.warn({ err, paymentId: payment.id }, 'checkout session could not be opened');
    await ctx.db
      .update(payments)
      .set({ status: 'failed', failureReason: 'provider_error', failedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
    throw new AppError('PROVIDER_ERROR', `${PAYMENT_MESSAGES.checkoutUnavailable} (${err.message})`);
  }
  const [recorded] = await ctx.db
    .update(payments)
    .set({ checkoutSessionId: session.id, checkoutUrl: session.url, updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (!recorded || !session.url) {
    // Replaced by a newer checkout while the provider answered: this one must not take money.
    await expireQuietly(ctx, session.id);
    throw conflict(PAYMENT_MESSAGES.checkoutUnavailable);
  }
  return session.url;
}

/** Expires a session at the provider; a failure is logged (the session then expires on its own). */
export async function expireQuietly(ctx: AppContext, sessionId: string): Promise<void> {
  try {
    await ctx.payments.expireCheckoutSession(sessionId);
  } catch (err) {
    ctx.log.warn({ err, sessionId }, 'checkout session could not be expired');
  }
}
