CREATE TABLE "mail_senders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "claimed_by" uuid;