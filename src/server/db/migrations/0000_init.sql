CREATE TABLE "brands" (
	"brand_id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"img_url" text,
	"first_letter" text DEFAULT '' NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"category_id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer DEFAULT 0 NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" jsonb NOT NULL,
	"pic" text,
	"icon" text,
	"seq" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"grade" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_brands" (
	"category_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	CONSTRAINT "category_brands_category_id_brand_id_pk" PRIMARY KEY("category_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "hot_searches" (
	"hot_search_id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer DEFAULT 0 NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"is_top" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"publish_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prod_comments" (
	"prod_comm_id" serial PRIMARY KEY NOT NULL,
	"prod_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"order_item_id" bigint,
	"sku_id" integer,
	"sku_name" jsonb NOT NULL,
	"score" smallint NOT NULL,
	"evaluate" smallint DEFAULT 0 NOT NULL,
	"content" text NOT NULL,
	"pics" text DEFAULT '' NOT NULL,
	"is_anonymous" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reply_content" text,
	"reply_time" timestamp with time zone,
	"rec_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_translations" (
	"prod_id" integer NOT NULL,
	"locale" text NOT NULL,
	"prod_name" text NOT NULL,
	"brief" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "product_translations_prod_id_locale_pk" PRIMARY KEY("prod_id","locale")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"prod_id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"shop_category_id" integer,
	"brand_id" integer,
	"pic" text NOT NULL,
	"imgs" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"ori_price" numeric(12, 2) NOT NULL,
	"total_stocks" integer DEFAULT 0 NOT NULL,
	"sold_num" integer DEFAULT 0 NOT NULL,
	"comment_num" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"prod_type" smallint DEFAULT 0 NOT NULL,
	"putaway_time" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renovations" (
	"renovation_id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"renovation_type" smallint DEFAULT 1 NOT NULL,
	"home_status" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text DEFAULT 'user' NOT NULL,
	"user_id" text,
	"shop_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"shop_id" serial PRIMARY KEY NOT NULL,
	"shop_name" jsonb NOT NULL,
	"intro" jsonb NOT NULL,
	"shop_logo" text,
	"type" smallint DEFAULT 0 NOT NULL,
	"shop_status" smallint DEFAULT 1 NOT NULL,
	"tel" text,
	"owner_user_id" text,
	"fans_count" integer DEFAULT 0 NOT NULL,
	"sold_num" integer DEFAULT 0 NOT NULL,
	"rating" numeric(2, 1) DEFAULT '5.0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"sku_id" serial PRIMARY KEY NOT NULL,
	"prod_id" integer NOT NULL,
	"sku_name" jsonb NOT NULL,
	"properties" jsonb NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"ori_price" numeric(12, 2) NOT NULL,
	"stocks" integer DEFAULT 0 NOT NULL,
	"pic" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"nick_name" text NOT NULL,
	"pic" text,
	"sex" text DEFAULT 'M' NOT NULL,
	"user_mobile" text,
	"password_hash" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"balance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"level_type" smallint DEFAULT 0 NOT NULL,
	"growth" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("shop_id","parent_id");--> statement-breakpoint
CREATE INDEX "notices_shop_idx" ON "notices" USING btree ("shop_id","status");--> statement-breakpoint
CREATE INDEX "prod_comments_prod_idx" ON "prod_comments" USING btree ("prod_id");--> statement-breakpoint
CREATE INDEX "product_translations_name_trgm" ON "product_translations" USING gin ("prod_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_shop_idx" ON "products" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "renovations_shop_idx" ON "renovations" USING btree ("shop_id","renovation_type","home_status");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shops_status_idx" ON "shops" USING btree ("shop_status");--> statement-breakpoint
CREATE INDEX "skus_prod_idx" ON "skus" USING btree ("prod_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_uq" ON "users" USING btree ("user_mobile");