CREATE TABLE "member_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"level_type" smallint NOT NULL,
	"name" jsonb NOT NULL,
	"need_growth" integer DEFAULT 0 NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"term_days" integer DEFAULT 0 NOT NULL,
	"discount" numeric(4, 2) DEFAULT '1' NOT NULL,
	"points_multiple" numeric(4, 2) DEFAULT '1' NOT NULL,
	"free_shipping" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_ins" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"streak" integer NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_ins_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "ref_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "level_end_time" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "member_levels_uq" ON "member_levels" USING btree ("level_type","level");