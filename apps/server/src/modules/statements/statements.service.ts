// Receipts and earnings statements: who may have them (statements.policy.ts), what they say
// (from the ledger: statements.queries.ts), and the file (PDF in a worker, or CSV).
import {
  receiptFileName,
  STATEMENT_MESSAGES,
  type StatementFormat,
  statementFileName,
  statementPeriod,
} from '@app/shared';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { type Actor, authorize } from '../../lib/policy.ts';
import { renderPdf } from './pdf-render.ts';
import { buildReceipt } from './receipt.ts';
import { buildStatement, type Statement } from './statement-builder.ts';
import { statementCsv } from './statement-csv.ts';
import { canReadReceipt, canReadStatement } from './statements.policy.ts';
import {
  engineerOf,
  paymentParties,
  paymentPostings,
  succeededRefund,
  walletBalanceBefore,
  walletMovements,
} from './statements.queries.ts';

export type DocumentFile = { fileName: string; contentType: string; body: Buffer | string };

/**
 * A payment's receipt, or its refund's. Someone other than the payer or staff is told the
 * receipt does not exist, as for a payment id that names nothing.
 */
export async function getReceipt(
  ctx: AppContext,
  actor: Actor,
  paymentId: string,
  kind: 'payment' | 'refund',
  now = new Date(),
): Promise<DocumentFile> {
  const parties = await paymentParties(ctx.db, paymentId);
  if (!parties || !canReadReceipt(actor, parties)) throw notFound(STATEMENT_MESSAGES.receiptNotFound);
  const [postings, refund] = await Promise.all([
    paymentPostings(ctx.db, paymentId),
    kind === 'refund' ? succeededRefund(ctx.db, paymentId) : null,
  ]);
  const receipt = buildReceipt(kind, parties, postings, refund, now);
  if (!receipt)
    throw notFound(
      kind === 'refund' ? STATEMENT_MESSAGES.noRefundReceipt : STATEMENT_MESSAGES.noPaymentReceipt,
    );
  return {
    fileName: receiptFileName(paymentId, kind),
    contentType: 'application/pdf',
    body: await renderPdf({ kind: 'receipt', receipt }),
  };
}

/** The statement's content: the engineer's wallet movements in the period and its totals. */
export async function statementOf(
  ctx: AppContext,
  actor: Actor,
  engineerId: string,
  period: string,
  now = new Date(),
): Promise<Statement> {
  authorize(canReadStatement(actor, engineerId), STATEMENT_MESSAGES.statementNotYours);
  const engineer = await engineerOf(ctx.db, engineerId);
  if (!engineer) throw notFound(STATEMENT_MESSAGES.engineerNotFound);
  const p = statementPeriod(period, now);
  if ('error' in p) throw badRequest(p.error, { period: p.error });
  const openingCents = await walletBalanceBefore(ctx.db, engineerId, p.from);
  const movements = await walletMovements(ctx.db, engineerId, p.from, p.to);
  return buildStatement({ engineer, period: p, openingCents, movements, now });
}

export async function getStatement(
  ctx: AppContext,
  actor: Actor,
  engineerId: string,
  period: string,
  format: StatementFormat,
  now = new Date(),
): Promise<DocumentFile> {
  const statement = await statementOf(ctx, actor, engineerId, period, now);
  const fileName = statementFileName(period, format);
  return format === 'csv'
    ? { fileName, contentType: 'text/csv; charset=utf-8', body: statementCsv(statement) }
    : { fileName, contentType: 'application/pdf', body: await renderPdf({ kind: 'statement', statement }) };
}
