// The deals of the demo data (modules/deals): the seed writes payments, deliverables and
// problem reports as they would stand, and each payment that made a deal becomes a deal in the
// state those rows tell, as the migration that introduced deals did for existing data
// (drizzle/0019_deals.sql holds the same statements, frozen; this is the living copy). Dispute
// tickets get the deal's other party.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

const FROM_ROWS =
  sql.raw(`INSERT INTO "deals" ("project_id", "payment_id", "proposal_id", "client_id", "engineer_id", "amount_cents", "state", "resume_state", "paid_at", "refund_until", "first_delivered_at", "decision_due_at", "problem_reported_by", "engineer_cents", "platform_fee_cents", "client_refund_cents", "ended_at", "created_at", "updated_at")
SELECT d.project_id, d.payment_id, d.proposal_id, d.client_id, d.engineer_id, d.amount_cents, d.state,
  CASE WHEN d.state = 'disputed' THEN d.work_state WHEN d.state = 'refunding' THEN (CASE WHEN d.project_status = 'problem' THEN 'disputed' ELSE 'paid' END) END,
  d.paid_at, d.paid_at + interval '24 hours', d.first_delivered_at,
  CASE WHEN d.state = 'awaiting_decision' THEN d.pending_since + interval '14 days' END,
  CASE WHEN d.state IN ('disputed', 'refunding') THEN (SELECT x.reported_by FROM disputes x WHERE x.project_id = d.project_id AND x.status = 'open' ORDER BY x.created_at DESC LIMIT 1) END,
  CASE WHEN d.state = 'released' THEN d.amount_cents - (d.amount_cents * 20 + 50) / 100 END,
  CASE WHEN d.state = 'released' THEN (d.amount_cents * 20 + 50) / 100 END,
  CASE WHEN d.state = 'refunded' THEN d.amount_cents END,
  CASE WHEN d.state = 'released' THEN d.released_at WHEN d.state = 'refunded' THEN d.refunded_at END,
  d.paid_at, now()
FROM (
  SELECT p.project_id, p.id AS payment_id, p.proposal_id, p.customer_id AS client_id, p.engineer_id, p.amount_cents,
    p.succeeded_at AS paid_at, p.released_at, p.refunded_at, pr.status AS project_status,
    (SELECT min(s.created_at) FROM submissions s WHERE s.project_id = p.project_id AND s.engineer_id = p.engineer_id AND s.created_at >= p.succeeded_at) AS first_delivered_at,
    (SELECT max(s.created_at) FROM submissions s WHERE s.project_id = p.project_id AND s.client_acceptance IS NULL) AS pending_since,
    CASE
      WHEN EXISTS (SELECT 1 FROM submissions s WHERE s.project_id = p.project_id AND s.client_acceptance IS NULL) THEN 'awaiting_decision'
      WHEN EXISTS (SELECT 1 FROM submissions s WHERE s.project_id = p.project_id AND s.created_at >= p.succeeded_at) THEN 'revising'
      ELSE 'paid'
    END AS work_state,
    CASE
      WHEN p.status = 'refunded' THEN 'refunded'
      WHEN p.released_at IS NOT NULL THEN 'released'
      WHEN EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.status = 'pending') THEN 'refunding'
      WHEN pr.status = 'problem' THEN 'disputed'
      WHEN EXISTS (SELECT 1 FROM submissions s WHERE s.project_id = p.project_id AND s.client_acceptance IS NULL) THEN 'awaiting_decision'
      WHEN EXISTS (SELECT 1 FROM submissions s WHERE s.project_id = p.project_id AND s.created_at >= p.succeeded_at) THEN 'revising'
      ELSE 'paid'
    END AS state
  FROM payments p JOIN projects pr ON pr.id = p.project_id
  WHERE p.honoured_at IS NOT NULL AND p.status IN ('succeeded', 'refunded') AND p.succeeded_at IS NOT NULL
) d
ON CONFLICT DO NOTHING`);

const TICKET_PARTIES = sql.raw(`UPDATE "support_tickets" t SET "kind" = 'dispute', "counterpart_id" = (
  SELECT CASE WHEN x.reported_by = p.customer_id THEN p.engineer_id ELSE p.customer_id END
  FROM disputes x JOIN payments p ON p.project_id = x.project_id AND p.honoured_at IS NOT NULL
  WHERE x.ticket_id = t.id ORDER BY p.succeeded_at DESC LIMIT 1)
WHERE EXISTS (SELECT 1 FROM disputes x WHERE x.ticket_id = t.id)`);

export async function seedDeals(tx: DbOrTx): Promise<void> {
  await tx.execute(FROM_ROWS);
  await tx.execute(TICKET_PARTIES);
}
