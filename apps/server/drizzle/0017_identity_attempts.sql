CREATE TABLE "auth_counters" (
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"source" text NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_counters_kind_account_source_pk" PRIMARY KEY("kind","account","source")
);
--> statement-breakpoint
ALTER TABLE "sign_in_pins" ADD COLUMN "challenge_hash" text;--> statement-breakpoint
CREATE INDEX "auth_counters_last_at_idx" ON "auth_counters" USING btree ("last_at");