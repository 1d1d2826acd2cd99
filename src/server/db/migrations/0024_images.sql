CREATE TABLE "images" (
	"path" text PRIMARY KEY NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"color" text NOT NULL,
	"hash" text NOT NULL,
	"alpha" boolean DEFAULT false NOT NULL,
	"animated" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "images_pending_idx" ON "images" USING btree ("created_at") WHERE "images"."state" = 'pending';