// Reading payments: the contract a client is about to sign, the checkout state the
// success page asks for, a client's payment history and the admin order list (with what
// happened to each deal's money). Paying and refunding are deal operations (modules/deals).
import { createHash } from 'node:crypto';
import {
  type ContractDto,
  CURRENCY,
  checkoutStateOf,
  type DealState,
  dayEnd,
  dayStart,
  describeDuration,
  type EscrowState,
  ORDERS_PAGE_SIZE,
  type OrderDto,
  type OrdersQuery,
  PAYMENT_MESSAGES,
  type PaymentDto,
  type PaymentStatus,
  type RefundStatus,
  renderContract,
  splitFee,
  type VerifySessionDto,
} from '@app/shared';
import { aliasedTable, and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  deals,
  type PaymentRow,
  payments,
  projects,
  proposals,
  refunds,
  users,
} from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../lib/policy.ts';
import { isDeclinedCheckout } from './live-checkout.ts';
import { canListAllPayments, canPayForProject, canReadUserPayments } from './payments.policy.ts';
import { type ListRow, presentOrder } from './payments.presenter.ts';

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Whether the project's deal is being refunded: a refund asked for and not yet completed by
 * the provider. Its completion ends the deal (complete-refund.ts), so nothing may open on it.
 */
export async function refundUnderWay(db: DbOrTx, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(eq(payments.projectId, projectId), eq(payments.status, 'succeeded'), eq(refunds.status, 'pending')),
    )
    .limit(1);
  return !!row;
}

/** The people and project a payment is about, for notifications and mails. */
export async function loadDeal(db: DbOrTx, payment: PaymentRow) {
  const engineers = aliasedTable(users, 'engineer');
  const [row] = await db
    .select({
      title: projects.title,
      client: { id: users.id, fullName: users.fullName, email: users.email },
      engineer: { id: engineers.id, fullName: engineers.fullName, email: engineers.email },
    })
    .from(projects)
    .innerJoin(users, eq(users.id, payment.customerId))
    .innerJoin(engineers, eq(engineers.id, payment.engineerId))
    .where(eq(projects.id, payment.projectId));
  return { projectId: payment.projectId, amountCents: payment.amountCents, ...row };
}

/** GET /api/payments/contract/{proposalId}: the text to sign, for the project's owner. */
export async function getContract(
  ctx: AppContext,
  caller: Actor & { fullName: string },
  proposalId: string,
): Promise<ContractDto> {
  const [row] = await ctx.db
    .select({
      proposalId: proposals.id,
      amount: proposals.proposedAmount,
      deliveryDays: proposals.deliveryDays,
      engineerName: users.fullName,
      projectId: projects.id,
      projectTitle: projects.title,
      customerId: projects.customerId,
    })
    .from(proposals)
    .innerJoin(projects, eq(projects.id, proposals.projectId))
    .innerJoin(users, eq(users.id, proposals.engineerId))
    .where(eq(proposals.id, proposalId));
  if (!row) throw notFound(PAYMENT_MESSAGES.proposalNotFound);
  if (!canPayForProject(caller, row)) throw forbidden(PAYMENT_MESSAGES.onlyOwner);
  const text = renderContract({
    projectId: row.projectId,
    projectTitle: row.projectTitle,
    proposalId: row.proposalId,
    clientName: caller.fullName,
    engineerName: row.engineerName,
    amountCents: row.amount,
    acceptanceAfter: describeDuration(ctx.config.autoReleaseMs),

    deliveryDays: row.deliveryDays,
  });
  const { platformFeeCents, engineerCents } = splitFee(row.amount);
  return {
    project_id: row.projectId,
    proposal_id: row.proposalId,
    client_name: caller.fullName,
    engineer_name: row.engineerName,
    amount: row.amount,
    platform_fee: platformFeeCents,
    engineer_amount: engineerCents,
    currency: CURRENCY,
    text,
    sha256: sha256(text),
  };
}

/** GET /api/payments/verify-session/{sessionId}: only the state, as the provider's events set it. */
export async function verifySession(ctx: AppContext, sessionId: string): Promise<VerifySessionDto> {
  const [row] = await ctx.db
    .select({ status: payments.status, failureReason: payments.failureReason })
    .from(payments)
    .where(eq(payments.checkoutSessionId, sessionId));
  if (!row) throw notFound(PAYMENT_MESSAGES.sessionIdMissing);
  // A declined card leaves the checkout open for another one.
  return { status: isDeclinedCheckout(row) ? 'open' : checkoutStateOf(row.status) };
}

// ---------------------------------------------------------------------------------------
// Lists.

const engineers = aliasedTable(users, 'engineer');
const customers = aliasedTable(users, 'customer');
/** The latest refund of each payment (its state is shown beside the payment). */
const latestRefundStatus = sql<RefundStatus | null>`(
  select r.status from refunds r where r.payment_id = ${payments.id}
  order by r.created_at desc limit 1)`;

const listColumns = {
  payment: payments,
  projectTitle: projects.title,
  projectStatus: projects.status,
  engineerName: engineers.fullName,
  customerName: customers.fullName,
  refundStatus: latestRefundStatus,
  deal: {
    state: deals.state,
    refundUntil: deals.refundUntil,
    firstDeliveredAt: deals.firstDeliveredAt,
    problemReportedBy: deals.problemReportedBy,
    engineerId: deals.engineerId,
  },
};

function listQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(listColumns)
    .from(payments)
    .innerJoin(projects, eq(projects.id, payments.projectId))
    .innerJoin(engineers, eq(engineers.id, payments.engineerId))
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(deals, eq(deals.paymentId, payments.id))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** The deal states whose money is in each escrow state (Admin Orders' filter). */
const ESCROW_DEAL_STATES: Record<EscrowState, DealState[]> = {
  held: ['paid', 'awaiting_decision', 'revising'],
  disputed: ['disputed'],
  refunding: ['refunding'],
  released: ['released'],
  refunded: ['refunded'],
  split: ['split'],
};

/** GET /api/payments/user/{userId}: what that client paid, newest first (that user or an admin). */
export async function listUserPayments(
  ctx: AppContext,
  caller: Actor,
  userId: string,
): Promise<PaymentDto[]> {
  if (!canReadUserPayments(caller, userId)) throw forbidden('You can only see your own payments.');
  const rows = (await listQuery(ctx.db, eq(payments.customerId, userId)).limit(1000)) as ListRow[];
  const now = new Date();
  return rows.map((r) => {
    const { customer_name: _omit, ...dto } = presentOrder(r, caller, now);
    return dto;
  });
}

/** One payment as its history row (after a refund request). */
export async function getPayment(ctx: AppContext, caller: Actor, id: string): Promise<PaymentDto> {
  const [row] = (await listQuery(ctx.db, eq(payments.id, id))) as ListRow[];
  if (!row) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
  if (!canReadUserPayments(caller, row.payment.customerId)) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
  const { customer_name: _omit, ...dto } = presentOrder(row, caller, new Date());
  return dto;
}

/** GET /api/payments/all_payments (admins): filtered by the server so later pages stay right. */
export async function listOrders(
  ctx: AppContext,
  caller: Actor,
  query: Omit<OrdersQuery, 'page' | 'status' | 'escrow'> & {
    page: number;
    status?: PaymentStatus;
    escrow?: EscrowState;
  },
): Promise<OrderDto[]> {
  if (!canListAllPayments(caller)) throw forbidden('Only admins can see every payment.');
  const where = and(
    query.status ? eq(payments.status, query.status) : undefined,
    query.start ? gte(payments.createdAt, dayStart(query.start)) : undefined,
    query.end ? lte(payments.createdAt, dayEnd(query.end)) : undefined,
    query.escrow ? inArray(deals.state, ESCROW_DEAL_STATES[query.escrow]) : undefined,
  );
  const rows = (await listQuery(ctx.db, where)
    .limit(ORDERS_PAGE_SIZE)
    .offset((query.page - 1) * ORDERS_PAGE_SIZE)) as ListRow[];
  const now = new Date();
  return rows.map((r) => presentOrder(r, caller, now));
}
