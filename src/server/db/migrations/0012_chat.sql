CREATE TABLE "chat_agent_presence" (
	"conn_id" text PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"conversation_id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"shop_id" integer NOT NULL,
	"last_msg_id" bigint DEFAULT 0 NOT NULL,
	"last_msg_at" timestamp with time zone,
	"user_unread" integer DEFAULT 0 NOT NULL,
	"agent_unread" integer DEFAULT 0 NOT NULL,
	"user_read_id" bigint DEFAULT 0 NOT NULL,
	"agent_read_id" bigint DEFAULT 0 NOT NULL,
	"user_delivered_id" bigint DEFAULT 0 NOT NULL,
	"agent_delivered_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"msg_id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender" smallint NOT NULL,
	"msg_type" smallint DEFAULT 0 NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chat_agent_presence_shop_idx" ON "chat_agent_presence" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_user_shop_uq" ON "chat_conversations" USING btree ("user_id","shop_id");--> statement-breakpoint
CREATE INDEX "chat_conversations_shop_idx" ON "chat_conversations" USING btree ("shop_id","last_msg_at");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","msg_id");