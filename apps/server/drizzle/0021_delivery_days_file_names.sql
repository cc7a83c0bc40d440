ALTER TABLE "files" ADD COLUMN "original_name" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "delivery_days" integer;