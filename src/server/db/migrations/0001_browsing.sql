CREATE TABLE "content_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flow_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" text NOT NULL,
	"uuid_session" text NOT NULL,
	"user_id" text,
	"page_id" integer NOT NULL,
	"prev_page_id" integer,
	"biz_type" smallint,
	"biz_data" text,
	"step" integer DEFAULT 1 NOT NULL,
	"system_type" smallint DEFAULT 1 NOT NULL,
	"visit_type" smallint DEFAULT 1 NOT NULL,
	"nums" integer,
	"order_numbers" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "footprints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "footprints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"prod_id" integer NOT NULL,
	"browse_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "flow_logs_created_idx" ON "flow_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "flow_logs_session_idx" ON "flow_logs" USING btree ("uuid_session");--> statement-breakpoint
CREATE UNIQUE INDEX "footprints_user_prod_uq" ON "footprints" USING btree ("user_id","prod_id");--> statement-breakpoint
CREATE INDEX "footprints_user_time_idx" ON "footprints" USING btree ("user_id","browse_time");