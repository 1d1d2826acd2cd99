CREATE TABLE "store_applications" (
	"apply_id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"shop_name" text NOT NULL,
	"mobile" text NOT NULL,
	"province_id" integer NOT NULL,
	"province" text NOT NULL,
	"city_id" integer NOT NULL,
	"city" text NOT NULL,
	"area_id" integer NOT NULL,
	"area" text NOT NULL,
	"addr" text NOT NULL,
	"intro" text NOT NULL,
	"shop_logo" text NOT NULL,
	"business_license" text NOT NULL,
	"identity_card_front" text NOT NULL,
	"identity_card_later" text NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"reject_reason" text,
	"shop_id" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "store_applications_user_uq" ON "store_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "store_applications_status_idx" ON "store_applications" USING btree ("status","submitted_at");