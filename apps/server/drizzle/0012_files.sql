CREATE TABLE "files" (
	"name" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"uploader_id" uuid,
	"subject_id" uuid,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_uploader_idx" ON "files" USING btree ("uploader_id");--> statement-breakpoint
CREATE INDEX "files_subject_idx" ON "files" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "files_unattached_idx" ON "files" USING btree ("created_at") WHERE "files"."subject_id" is null;
--> statement-breakpoint
-- Links become site-relative (/files/<name>), whatever host stored them.
UPDATE "users" SET "profile_picture" = regexp_replace("profile_picture", '^https?://[^[:space:]]+/([A-Za-z0-9_-]{8,64}\.[a-z0-9]{2,5})$', '/files/\1') WHERE "profile_picture" ~ '^https?://';--> statement-breakpoint
UPDATE "projects" SET "attachments" = regexp_replace("attachments", '^https?://[^[:space:]]+/([A-Za-z0-9_-]{8,64}\.[a-z0-9]{2,5})$', '/files/\1') WHERE "attachments" ~ '^https?://';--> statement-breakpoint
UPDATE "chat_messages" SET "attachments" = regexp_replace("attachments", '^https?://[^[:space:]]+/([A-Za-z0-9_-]{8,64}\.[a-z0-9]{2,5})$', '/files/\1') WHERE "attachments" ~ '^https?://';--> statement-breakpoint
UPDATE "licenses" SET "proof_url" = regexp_replace("proof_url", '^https?://[^[:space:]]+/([A-Za-z0-9_-]{8,64}\.[a-z0-9]{2,5})$', '/files/\1') WHERE "proof_url" ~ '^https?://';--> statement-breakpoint
-- Files already held by a record: their uploader is the record's owner (the services only accepted own uploads' links since then). Size unknown: 0.
INSERT INTO "files" ("name", "kind", "uploader_id", "subject_id", "content_type", "size")
  SELECT substr("profile_picture", 8), 'avatar', "id", "id", CASE lower(substring("profile_picture" from '\.([a-z0-9]+)$')) WHEN 'png' THEN 'image/png' WHEN 'jpg' THEN 'image/jpeg' WHEN 'webp' THEN 'image/webp' WHEN 'gif' THEN 'image/gif' WHEN 'pdf' THEN 'application/pdf' ELSE 'application/octet-stream' END, 0 FROM "users" WHERE "profile_picture" LIKE '/files/%'
  ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "files" ("name", "kind", "uploader_id", "subject_id", "content_type", "size")
  SELECT substr("attachments", 8), 'project_attachment', "customer_id", "id", CASE lower(substring("attachments" from '\.([a-z0-9]+)$')) WHEN 'png' THEN 'image/png' WHEN 'jpg' THEN 'image/jpeg' WHEN 'webp' THEN 'image/webp' WHEN 'gif' THEN 'image/gif' WHEN 'pdf' THEN 'application/pdf' ELSE 'application/octet-stream' END, 0 FROM "projects" WHERE "attachments" LIKE '/files/%'
  ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "files" ("name", "kind", "uploader_id", "subject_id", "content_type", "size")
  SELECT substr("proof_url", 8), 'license_proof', "user_id", "id", CASE lower(substring("proof_url" from '\.([a-z0-9]+)$')) WHEN 'png' THEN 'image/png' WHEN 'jpg' THEN 'image/jpeg' WHEN 'webp' THEN 'image/webp' WHEN 'gif' THEN 'image/gif' WHEN 'pdf' THEN 'application/pdf' ELSE 'application/octet-stream' END, 0 FROM "licenses" WHERE "proof_url" LIKE '/files/%'
  ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "files" ("name", "kind", "uploader_id", "subject_id", "content_type", "size")
  SELECT substr("attachments", 8), 'chat_attachment', "sender_id", "id", CASE lower(substring("attachments" from '\.([a-z0-9]+)$')) WHEN 'png' THEN 'image/png' WHEN 'jpg' THEN 'image/jpeg' WHEN 'webp' THEN 'image/webp' WHEN 'gif' THEN 'image/gif' WHEN 'pdf' THEN 'application/pdf' ELSE 'application/octet-stream' END, 0 FROM "chat_messages" WHERE "attachments" LIKE '/files/%'
  ON CONFLICT ("name") DO NOTHING;
