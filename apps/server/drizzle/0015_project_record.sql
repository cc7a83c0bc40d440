CREATE TABLE "project_record_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"actor_id" uuid,
	"data" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "expiry_notice_days" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "project_record_entries_seq_idx" ON "project_record_entries" USING btree ("project_id","seq");
--> statement-breakpoint
-- The record is append-only, held by the database: an entry is never changed or deleted
-- (a deleted project keeps its record).
CREATE FUNCTION project_record_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the project record is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER project_record_entries_append_only BEFORE UPDATE OR DELETE ON project_record_entries
  FOR EACH ROW EXECUTE FUNCTION project_record_append_only();
--> statement-breakpoint
-- Reminders now go out at 60, 30 and 7 days; a licence reminded under the old single
-- 30-day rule counts as having had its 30-day reminder.
UPDATE "licenses" SET "expiry_notice_days" = 30 WHERE "expiry_notified_at" IS NOT NULL;
