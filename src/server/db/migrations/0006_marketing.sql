CREATE TABLE "coupon_prods" (
	"coupon_id" integer NOT NULL,
	"prod_id" integer NOT NULL,
	CONSTRAINT "coupon_prods_coupon_id_prod_id_pk" PRIMARY KEY("coupon_id","prod_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_users" (
	"coupon_user_id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"shop_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"valid_start" timestamp with time zone NOT NULL,
	"valid_end" timestamp with time zone NOT NULL,
	"receive_time" timestamp with time zone DEFAULT now() NOT NULL,
	"use_time" timestamp with time zone,
	"order_numbers" text,
	"deleted" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"coupon_id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"coupon_name" jsonb NOT NULL,
	"coupon_type" smallint NOT NULL,
	"cash_condition" numeric(12, 2) DEFAULT '0' NOT NULL,
	"reduce_amount" numeric(12, 2),
	"coupon_discount" numeric(3, 1),
	"suitable_prod_type" smallint DEFAULT 0 NOT NULL,
	"valid_time_type" smallint NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"after_receive_days" integer DEFAULT 0 NOT NULL,
	"valid_days" integer DEFAULT 0 NOT NULL,
	"launch_time" timestamp with time zone NOT NULL,
	"over_time" timestamp with time zone NOT NULL,
	"limit_num" integer DEFAULT 1 NOT NULL,
	"stocks" integer NOT NULL,
	"source_stock" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_items" (
	"discount_item_id" serial PRIMARY KEY NOT NULL,
	"discount_id" integer NOT NULL,
	"need_amount" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_prods" (
	"discount_id" integer NOT NULL,
	"prod_id" integer NOT NULL,
	CONSTRAINT "discount_prods_discount_id_prod_id_pk" PRIMARY KEY("discount_id","prod_id")
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"discount_id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"discount_name" jsonb NOT NULL,
	"discount_rule" smallint NOT NULL,
	"discount_type" smallint DEFAULT 0 NOT NULL,
	"max_reduce_amount" numeric(12, 2),
	"suitable_prod_type" smallint DEFAULT 0 NOT NULL,
	"pc_pic" text DEFAULT '' NOT NULL,
	"pc_background_pic" text DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "actual_total" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "offers" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shop_coupon_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "platform_coupon_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "coupon_prods_prod_idx" ON "coupon_prods" USING btree ("prod_id");--> statement-breakpoint
CREATE INDEX "coupon_users_user_idx" ON "coupon_users" USING btree ("user_id","status","valid_end");--> statement-breakpoint
CREATE INDEX "coupon_users_coupon_user_idx" ON "coupon_users" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE INDEX "coupons_shop_idx" ON "coupons" USING btree ("shop_id","status","over_time");--> statement-breakpoint
CREATE INDEX "discount_items_discount_idx" ON "discount_items" USING btree ("discount_id");--> statement-breakpoint
CREATE INDEX "discount_prods_prod_idx" ON "discount_prods" USING btree ("prod_id");--> statement-breakpoint
CREATE INDEX "discounts_shop_idx" ON "discounts" USING btree ("shop_id","status","end_time");--> statement-breakpoint
-- Discounts and coupon scopes are behind public pages (product detail, shop pages): any change bumps the public content version.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['discounts','discount_items','discount_prods','coupon_prods']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_bump_version', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version()', t || '_bump_version', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Coupons: claims only count stocks down, which must not drop the render cache; other changes do.
DROP TRIGGER IF EXISTS coupons_bump_version ON coupons;
--> statement-breakpoint
CREATE TRIGGER coupons_bump_version AFTER INSERT OR DELETE OR TRUNCATE ON coupons FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS coupons_bump_version_update ON coupons;
--> statement-breakpoint
CREATE TRIGGER coupons_bump_version_update AFTER UPDATE OF status, launch_time, over_time, coupon_name, reduce_amount, coupon_discount, cash_condition, suitable_prod_type ON coupons FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
