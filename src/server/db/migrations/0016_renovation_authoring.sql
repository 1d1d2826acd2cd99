CREATE TABLE "upload_owners" (
	"path" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"shop_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "renovations" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "upload_owners_shop_idx" ON "upload_owners" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "renovations_one_live_home" ON "renovations" USING btree ("shop_id","renovation_type") WHERE "renovations"."home_status" = 1 and "renovations"."status" = 1;--> statement-breakpoint
-- Only published pages are shown to shoppers: saving, copying or deleting a draft (status 0) or an
-- earlier version (2) changes no page, so it drops no cached page. Publishing, unpublishing and
-- restoring touch a published row and drop the pages of that shop (or the home page, shop 0).
CREATE OR REPLACE FUNCTION renovations_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 1 THEN PERFORM content_change(ARRAY[CASE WHEN OLD.shop_id = 0 THEN 'home' ELSE 'shop:' || OLD.shop_id END]); END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 1 THEN PERFORM content_change(ARRAY[CASE WHEN NEW.shop_id = 0 THEN 'home' ELSE 'shop:' || NEW.shop_id END]); END IF;
  RETURN NULL;
END;
$$;
