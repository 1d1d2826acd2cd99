ALTER TABLE "upload_owners" ADD COLUMN "size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "upload_owners_user_idx" ON "upload_owners" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "upload_owners_created_idx" ON "upload_owners" USING btree ("created_at");