CREATE TABLE "renovation_previews" (
	"preview_id" serial PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"shop_id" integer NOT NULL,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "renovation_previews_key" ON "renovation_previews" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "renovation_previews_shop_idx" ON "renovation_previews" USING btree ("shop_id","preview_id");--> statement-breakpoint
CREATE INDEX "renovation_previews_expiry_idx" ON "renovation_previews" USING btree ("expires_at");