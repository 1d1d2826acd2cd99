CREATE TABLE "flash_activities" (
	"seckill_id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"prod_id" integer NOT NULL,
	"max_num" integer DEFAULT -1 NOT NULL,
	"pay_minutes" integer DEFAULT 5 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flash_buys" (
	"seckill_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "flash_buys_seckill_id_user_id_pk" PRIMARY KEY("seckill_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "flash_orders" (
	"order_number" text PRIMARY KEY NOT NULL,
	"seckill_id" integer NOT NULL,
	"seckill_sku_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"count" integer NOT NULL,
	"returned" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flash_sessions" (
	"session_id" serial PRIMARY KEY NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flash_skus" (
	"seckill_sku_id" serial PRIMARY KEY NOT NULL,
	"seckill_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"stocks" integer NOT NULL,
	"origin_stocks" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_activities" (
	"group_activity_id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"prod_id" integer NOT NULL,
	"group_number" integer NOT NULL,
	"max_num" integer DEFAULT -1 NOT NULL,
	"team_hours" integer DEFAULT 24 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_team_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"order_number" text NOT NULL,
	"leader" smallint DEFAULT 0 NOT NULL,
	"paid" smallint DEFAULT 0 NOT NULL,
	"left" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_skus" (
	"group_sku_id" serial PRIMARY KEY NOT NULL,
	"group_activity_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"act_price" numeric(12, 2) NOT NULL,
	"sell_num" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_teams" (
	"group_team_id" serial PRIMARY KEY NOT NULL,
	"group_activity_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"prod_id" integer NOT NULL,
	"leader_user_id" text NOT NULL,
	"group_number" integer NOT NULL,
	"seats" integer DEFAULT 0 NOT NULL,
	"join_num" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "flash_activities_session_idx" ON "flash_activities" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "flash_activities_prod_idx" ON "flash_activities" USING btree ("prod_id");--> statement-breakpoint
CREATE INDEX "flash_orders_activity_idx" ON "flash_orders" USING btree ("seckill_id");--> statement-breakpoint
CREATE INDEX "flash_sessions_time_idx" ON "flash_sessions" USING btree ("start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "flash_skus_uq" ON "flash_skus" USING btree ("seckill_id","sku_id");--> statement-breakpoint
CREATE INDEX "group_activities_prod_idx" ON "group_activities" USING btree ("prod_id");--> statement-breakpoint
CREATE INDEX "group_activities_time_idx" ON "group_activities" USING btree ("status","end_time");--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_order_uq" ON "group_members" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "group_members_team_idx" ON "group_members" USING btree ("group_team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_skus_uq" ON "group_skus" USING btree ("group_activity_id","sku_id");--> statement-breakpoint
CREATE INDEX "group_teams_activity_idx" ON "group_teams" USING btree ("group_activity_id","status","end_time");
--> statement-breakpoint
-- Flash-sale and group-buy activities change prices and lists across pages: everything (like discounts).
-- Flash units counting down and teams filling change no cached page (the pages read them live or show them as of render).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['flash_sessions','flash_activities','group_activities','group_skus']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION truncate_content_change()', t || '_content_change', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER flash_skus_content_change AFTER INSERT OR DELETE OR TRUNCATE ON flash_skus FOR EACH STATEMENT EXECUTE FUNCTION truncate_content_change();
--> statement-breakpoint
CREATE TRIGGER flash_skus_content_change_update AFTER UPDATE OF price, origin_stocks ON flash_skus FOR EACH STATEMENT EXECUTE FUNCTION truncate_content_change();
