CREATE TABLE "deal_event_handlings" (
	"event_id" uuid NOT NULL,
	"handler" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_event_handlings_event_id_handler_pk" PRIMARY KEY("event_id","handler")
);
--> statement-breakpoint
CREATE TABLE "deal_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"deal_id" uuid,
	"type" text NOT NULL,
	"actor_id" uuid,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"proposal_id" uuid,
	"client_id" uuid NOT NULL,
	"engineer_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text NOT NULL,
	"resume_state" text,
	"paid_at" timestamp with time zone NOT NULL,
	"refund_until" timestamp with time zone NOT NULL,
	"first_delivered_at" timestamp with time zone,
	"decision_due_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"problem_reported_by" uuid,
	"split_engineer_cents" integer,
	"engineer_cents" integer,
	"platform_fee_cents" integer,
	"client_refund_cents" integer,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_amount_positive" CHECK ("deals"."amount_cents" > 0)
);
--> statement-breakpoint
DROP INDEX "proposals_project_engineer_idx";--> statement-breakpoint
ALTER TABLE "support_ticket_replies" ADD COLUMN "attachments" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "kind" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "counterpart_id" uuid;--> statement-breakpoint
ALTER TABLE "deal_event_handlings" ADD CONSTRAINT "deal_event_handlings_event_id_deal_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."deal_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_events" ADD CONSTRAINT "deal_events_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_events" ADD CONSTRAINT "deal_events_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_events" ADD CONSTRAINT "deal_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_engineer_id_users_id_fk" FOREIGN KEY ("engineer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_problem_reported_by_users_id_fk" FOREIGN KEY ("problem_reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_events_created_idx" ON "deal_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "deal_events_project_idx" ON "deal_events" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_events_dedupe_idx" ON "deal_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "deals_payment_idx" ON "deals" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deals_live_project_idx" ON "deals" USING btree ("project_id") WHERE "deals"."state" not in ('released', 'refunded', 'split');--> statement-breakpoint
CREATE INDEX "deals_project_created_idx" ON "deals" USING btree ("project_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_decision_due_idx" ON "deals" USING btree ("decision_due_at") WHERE "deals"."state" = 'awaiting_decision';--> statement-breakpoint
CREATE INDEX "deals_client_idx" ON "deals" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "deals_engineer_idx" ON "deals" USING btree ("engineer_id");--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_counterpart_id_users_id_fk" FOREIGN KEY ("counterpart_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_project_engineer_live_idx" ON "proposals" USING btree ("project_id","engineer_id") WHERE "proposals"."status" in ('pending', 'accepted');--> statement-breakpoint
-- Existing payments that made a deal become deals, their state read from the rows that held it
-- before (payment, refunds, project, submissions); dispute tickets name the other party.
INSERT INTO "deals" ("project_id", "payment_id", "proposal_id", "client_id", "engineer_id", "amount_cents", "state", "resume_state", "paid_at", "refund_until", "first_delivered_at", "decision_due_at", "problem_reported_by", "engineer_cents", "platform_fee_cents", "client_refund_cents", "ended_at", "created_at", "updated_at")
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
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "support_tickets" t SET "kind" = 'dispute', "counterpart_id" = (
  SELECT CASE WHEN x.reported_by = p.customer_id THEN p.engineer_id ELSE p.customer_id END
  FROM disputes x JOIN payments p ON p.project_id = x.project_id AND p.honoured_at IS NOT NULL
  WHERE x.ticket_id = t.id ORDER BY p.succeeded_at DESC LIMIT 1)
WHERE EXISTS (SELECT 1 FROM disputes x WHERE x.ticket_id = t.id);
