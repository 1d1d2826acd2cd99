CREATE TABLE "order_write_offs" (
	"code" text PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"order_item_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"void_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "write_off_time" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "is_refund" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_mold" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mold" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "write_off_time" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_refund" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "order_write_offs_order_idx" ON "order_write_offs" USING btree ("order_number");