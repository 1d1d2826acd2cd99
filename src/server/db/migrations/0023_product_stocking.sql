ALTER TABLE "products" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "off_shelf_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "import_hash" text;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "products_shop_code_uq" ON "products" USING btree ("shop_id","code") WHERE "products"."code" is not null;--> statement-breakpoint
CREATE INDEX "skus_code_idx" ON "skus" USING btree ("code") WHERE "skus"."code" is not null;