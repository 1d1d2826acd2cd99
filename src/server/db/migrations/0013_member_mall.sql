ALTER TABLE "coupons" ADD COLUMN "member_only" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "score_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "score_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_ledger" ADD COLUMN "note" text;