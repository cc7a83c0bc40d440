CREATE TABLE "project_invitations" (
	"project_id" uuid NOT NULL,
	"engineer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_invitations_pk" PRIMARY KEY("project_id","engineer_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"specializations" text[] DEFAULT '{}' NOT NULL,
	"license_type" text,
	"budget" integer,
	"deadline" date,
	"country" text,
	"state" text,
	"attachments" text,
	"notes" text,
	"urgency_level" text,
	"status" text DEFAULT 'open' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"engineer_id" uuid NOT NULL,
	"description" text NOT NULL,
	"license_type" text NOT NULL,
	"proposed_amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_invitations" ADD CONSTRAINT "project_invitations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_invitations" ADD CONSTRAINT "project_invitations_engineer_id_users_id_fk" FOREIGN KEY ("engineer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_engineer_id_users_id_fk" FOREIGN KEY ("engineer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_invitations_engineer_idx" ON "project_invitations" USING btree ("engineer_id");--> statement-breakpoint
CREATE INDEX "projects_status_created_idx" ON "projects" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_status_budget_asc_idx" ON "projects" USING btree ("status","budget","id");--> statement-breakpoint
CREATE INDEX "projects_status_budget_desc_idx" ON "projects" USING btree ("status","budget" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search");--> statement-breakpoint
CREATE INDEX "projects_specializations_idx" ON "projects" USING gin ("specializations");--> statement-breakpoint
CREATE INDEX "projects_country_state_idx" ON "projects" USING btree ("country","state");--> statement-breakpoint
CREATE INDEX "projects_license_type_idx" ON "projects" USING btree ("license_type");--> statement-breakpoint
CREATE INDEX "projects_urgency_idx" ON "projects" USING btree ("urgency_level");--> statement-breakpoint
CREATE INDEX "projects_customer_created_idx" ON "projects" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_project_engineer_idx" ON "proposals" USING btree ("project_id","engineer_id");--> statement-breakpoint
CREATE INDEX "proposals_engineer_created_idx" ON "proposals" USING btree ("engineer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "proposals_project_status_idx" ON "proposals" USING btree ("project_id","status");