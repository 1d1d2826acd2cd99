CREATE TABLE "order_refunds" (
	"refund_id" serial PRIMARY KEY NOT NULL,
	"refund_sn" text NOT NULL,
	"order_number" text NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"refund_type" smallint NOT NULL,
	"order_item_id" integer,
	"goods_num" integer NOT NULL,
	"apply_type" smallint NOT NULL,
	"is_receiver" smallint DEFAULT 0 NOT NULL,
	"buyer_reason" smallint NOT NULL,
	"buyer_desc" text DEFAULT '' NOT NULL,
	"photo_files" text DEFAULT '' NOT NULL,
	"buyer_mobile" text NOT NULL,
	"refund_amount" numeric(12, 2) NOT NULL,
	"refund_score" integer DEFAULT 0 NOT NULL,
	"return_money_sts" smallint DEFAULT 1 NOT NULL,
	"seller_msg" text,
	"reject_message" text,
	"refund_delivery" jsonb,
	"refund_way" text,
	"provider_refund_no" text,
	"due_at" timestamp with time zone,
	"apply_time" timestamp with time zone DEFAULT now() NOT NULL,
	"handel_time" timestamp with time zone,
	"ship_time" timestamp with time zone,
	"receive_time" timestamp with time zone,
	"refund_time" timestamp with time zone,
	"cancel_time" timestamp with time zone,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seven_day_return" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_sn_uq" ON "order_refunds" USING btree ("refund_sn");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "order_refunds_user_idx" ON "order_refunds" USING btree ("user_id","apply_time");--> statement-breakpoint
CREATE INDEX "order_refunds_shop_idx" ON "order_refunds" USING btree ("shop_id","return_money_sts","apply_time");--> statement-breakpoint
CREATE INDEX "prod_comments_user_idx" ON "prod_comments" USING btree ("user_id","rec_time");--> statement-breakpoint
CREATE UNIQUE INDEX "prod_comments_order_item_uq" ON "prod_comments" USING btree ("order_item_id");