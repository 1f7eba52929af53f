CREATE TABLE "live_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"user_id" bigint,
	"nick_name" text DEFAULT '' NOT NULL,
	"body" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_messages_kind_chk" CHECK ("live_messages"."kind" in ('comment', 'product', 'pin', 'coupon'))
);
--> statement-breakpoint
CREATE TABLE "live_reminders" (
	"room_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_reminders_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "service_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_preview" text DEFAULT '' NOT NULL,
	"shopper_unread" integer DEFAULT 0 NOT NULL,
	"shop_unread" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_conversations_status_chk" CHECK ("service_conversations"."status" in (10, 20)),
	CONSTRAINT "service_conversations_unread_chk" CHECK ("service_conversations"."shopper_unread" >= 0 and "service_conversations"."shop_unread" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"sender_id" bigint NOT NULL,
	"from_shop" smallint DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_messages_kind_chk" CHECK ("service_messages"."kind" in ('text', 'product', 'order', 'image')),
	CONSTRAINT "service_messages_side_chk" CHECK ("service_messages"."from_shop" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "coupon_popups" DROP CONSTRAINT "coupon_popups_page_chk";--> statement-breakpoint
ALTER TABLE "coupon_popups" ADD COLUMN "live_no" text;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "host_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "intro" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "stream_url" text;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "current_product_no" text;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "pinned_message_id" bigint;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "like_count" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_rooms" ADD COLUMN "view_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_messages" ADD CONSTRAINT "live_messages_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_messages" ADD CONSTRAINT "live_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_reminders" ADD CONSTRAINT "live_reminders_room_id_live_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."live_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_reminders" ADD CONSTRAINT "live_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_conversations" ADD CONSTRAINT "service_conversations_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_conversations" ADD CONSTRAINT "service_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_messages" ADD CONSTRAINT "service_messages_conversation_id_service_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."service_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_messages" ADD CONSTRAINT "service_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_messages_room_idx" ON "live_messages" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "live_messages_user_idx" ON "live_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_conversations_shop_user_uq" ON "service_conversations" USING btree ("shop_id","user_id");--> statement-breakpoint
CREATE INDEX "service_conversations_shop_idx" ON "service_conversations" USING btree ("shop_id","last_message_at");--> statement-breakpoint
CREATE INDEX "service_messages_conversation_idx" ON "service_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "live_rooms_shop_idx" ON "live_rooms" USING btree ("shop_id","live_type","live_status");--> statement-breakpoint
ALTER TABLE "coupon_popups" ADD CONSTRAINT "coupon_popups_page_chk" CHECK ("coupon_popups"."page_code" in ('home_page', 'cart_page', 'venue_page', 'live_page'));--> statement-breakpoint
ALTER TABLE "live_rooms" ADD CONSTRAINT "live_rooms_type_chk" CHECK ("live_rooms"."live_type" in (10, 20, 30));--> statement-breakpoint
ALTER TABLE "live_rooms" ADD CONSTRAINT "live_rooms_counts_chk" CHECK ("live_rooms"."like_count" >= 0 and "live_rooms"."view_count" >= 0);--> statement-breakpoint
-- A room's likes, views, the product explained and the pinned comment change every second while
-- it is live; they are not a change of what cached pages show.
DROP TRIGGER "live_rooms_content_update" ON "live_rooms";--> statement-breakpoint
CREATE TRIGGER "live_rooms_content_update" AFTER UPDATE ON "live_rooms" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"('like_count', 'view_count', 'current_product_no', 'pinned_message_id');
--> statement-breakpoint
-- A reminder added or taken changes what the shopper's pages say (你预约的直播开始啦): their
-- version rises, so the kept answer of "is a notice due" is asked again.
CREATE CONSTRAINT TRIGGER "live_reminders_user_version" AFTER INSERT OR DELETE ON "live_reminders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "bump_user_version"('user_id');
