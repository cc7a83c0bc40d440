CREATE TABLE "client_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"company_name" text,
	"company_website" text,
	"country" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engineer_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"ssn_encrypted" text NOT NULL,
	"ssn_last4" text NOT NULL,
	"country" text NOT NULL,
	"state" text NOT NULL,
	"specializations" text[] DEFAULT '{}' NOT NULL,
	"highest_education" text NOT NULL,
	"years_of_experience" integer NOT NULL,
	"portfolio" text,
	"hours_rate" integer NOT NULL,
	"availability" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"license_number" text NOT NULL,
	"license_type" text NOT NULL,
	"issue_country" text NOT NULL,
	"issue_state" text NOT NULL,
	"specializations" text[] DEFAULT '{}' NOT NULL,
	"expiration_date" date,
	"verification_status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"proof_url" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"expiry_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"country" text NOT NULL,
	"email" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"state_as_of" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_connect_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"country" text NOT NULL,
	"legal_name" text,
	"date_of_birth" text,
	"address_line1" text,
	"city" text,
	"postal_code" text,
	"bank_last4" text,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_accounts" ADD CONSTRAINT "client_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engineer_accounts" ADD CONSTRAINT "engineer_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_accounts_user_idx" ON "client_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "engineer_accounts_user_idx" ON "engineer_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "engineer_accounts_specializations_idx" ON "engineer_accounts" USING gin ("specializations");--> statement-breakpoint
CREATE INDEX "engineer_accounts_country_state_idx" ON "engineer_accounts" USING btree ("country","state");--> statement-breakpoint
CREATE INDEX "engineer_accounts_availability_idx" ON "engineer_accounts" USING btree ("availability");--> statement-breakpoint
CREATE INDEX "engineer_accounts_education_idx" ON "engineer_accounts" USING btree ("highest_education");--> statement-breakpoint
CREATE INDEX "engineer_accounts_hours_rate_idx" ON "engineer_accounts" USING btree ("hours_rate");--> statement-breakpoint
CREATE INDEX "engineer_accounts_created_idx" ON "engineer_accounts" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "licenses_user_idx" ON "licenses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "licenses_status_created_idx" ON "licenses" USING btree ("verification_status","created_at");--> statement-breakpoint
CREATE INDEX "licenses_type_user_idx" ON "licenses" USING btree ("license_type","user_id");--> statement-breakpoint
CREATE INDEX "licenses_expiration_idx" ON "licenses" USING btree ("expiration_date");--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_user_number_idx" ON "licenses" USING btree ("user_id","issue_country","issue_state","license_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_user_idx" ON "payout_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_provider_account_idx" ON "payout_accounts" USING btree ("provider_account_id");