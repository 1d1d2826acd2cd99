CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9999999 START WITH 1 CACHE 1 CYCLE;--> statement-breakpoint
CREATE TABLE "deliveries" (
	"order_delivery_id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"shop_id" integer NOT NULL,
	"dvy_id" integer NOT NULL,
	"dvy_flow_id" text NOT NULL,
	"delivery_type" smallint DEFAULT 1 NOT NULL,
	"items" jsonb NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_traces" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_delivery_id" integer NOT NULL,
	"state" smallint NOT NULL,
	"accept_station" text NOT NULL,
	"accept_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref_key" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_accounts" (
	"merchant_id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"order_item_id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"prod_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"prod_name" jsonb NOT NULL,
	"sku_name" jsonb NOT NULL,
	"properties" jsonb NOT NULL,
	"pic" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"prod_count" integer NOT NULL,
	"product_total_amount" numeric(12, 2) NOT NULL,
	"comm_sts" smallint DEFAULT 0 NOT NULL,
	"basket_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"order_id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"user_id" text NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_name" jsonb NOT NULL,
	"prod_names" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"order_type" smallint DEFAULT 0 NOT NULL,
	"dvy_type" smallint DEFAULT 1 NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"freight_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"score_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"reduce_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"actual_total" numeric(12, 2) NOT NULL,
	"use_score" integer DEFAULT 0 NOT NULL,
	"product_nums" integer NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"address" jsonb NOT NULL,
	"invoice" jsonb,
	"pay_no" text,
	"pay_type" smallint,
	"is_comm" smallint DEFAULT 0 NOT NULL,
	"refund_status" smallint,
	"close_type" smallint,
	"delete_status" smallint DEFAULT 0 NOT NULL,
	"submit_token" text,
	"pay_deadline" timestamp with time zone NOT NULL,
	"receipt_deadline" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pay_time" timestamp with time zone,
	"dvy_time" timestamp with time zone,
	"finally_time" timestamp with time zone,
	"cancel_time" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"pay_no" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"order_numbers" text NOT NULL,
	"pay_type" smallint NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"provider_trade_no" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"callback" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_freight_rules" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"fee" numeric(12, 2) NOT NULL,
	"free_over" numeric(12, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submit_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"order_numbers" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"order_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "deliveries_order_idx" ON "deliveries" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "delivery_traces_delivery_idx" ON "delivery_traces" USING btree ("order_delivery_id","accept_time");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_kind_ref_uq" ON "jobs" USING btree ("kind","ref_key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_accounts_username_uq" ON "merchant_accounts" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "merchant_accounts_shop_idx" ON "merchant_accounts" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "order_items_user_idx" ON "order_items" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","delete_status","created_at");--> statement-breakpoint
CREATE INDEX "orders_shop_idx" ON "orders" USING btree ("shop_id","status","created_at");--> statement-breakpoint
CREATE INDEX "orders_pay_no_idx" ON "orders" USING btree ("pay_no");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "submit_tokens_user_idx" ON "submit_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_ledger_user_idx" ON "user_ledger" USING btree ("user_id","kind","created_at");--> statement-breakpoint
-- Orders change stock and sales counters all the time. Those changes no longer bump the public
-- content version (which every order would otherwise lock and the render cache would drop on):
-- only a SKU going in or out of stock does, since pages show "sold out".
DROP TRIGGER IF EXISTS skus_bump_version ON skus;
--> statement-breakpoint
CREATE TRIGGER skus_bump_version AFTER INSERT OR DELETE OR TRUNCATE ON skus FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER skus_bump_version_update AFTER UPDATE ON skus FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'stocks' - 'version') IS DISTINCT FROM (to_jsonb(NEW) - 'stocks' - 'version') OR (OLD.stocks > 0) IS DISTINCT FROM (NEW.stocks > 0))
  EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_bump_version ON products;
--> statement-breakpoint
CREATE TRIGGER products_bump_version AFTER INSERT OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER products_bump_version_update AFTER UPDATE ON products FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'total_stocks' - 'sold_num' - 'comment_num') IS DISTINCT FROM (to_jsonb(NEW) - 'total_stocks' - 'sold_num' - 'comment_num') OR (OLD.total_stocks > 0) IS DISTINCT FROM (NEW.total_stocks > 0))
  EXECUTE FUNCTION bump_public_content_version();
