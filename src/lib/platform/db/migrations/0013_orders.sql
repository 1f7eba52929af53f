CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_actor_chk" CHECK ("order_events"."actor" in ('shopper', 'shop', 'timer', 'gateway'))
);
--> statement-breakpoint
CREATE TABLE "order_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_no" text NOT NULL,
	"shop_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"goods_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"coupon_cents" integer NOT NULL,
	"freight_cents" integer NOT NULL,
	"pay_cents" integer NOT NULL,
	"pay_deadline" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_groups_group_no_unique" UNIQUE("group_no"),
	CONSTRAINT "order_groups_money_chk" CHECK ("order_groups"."pay_cents" = "order_groups"."goods_cents" - "order_groups"."discount_cents" - "order_groups"."coupon_cents" + "order_groups"."freight_cents" and "order_groups"."pay_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money_chk";--> statement-breakpoint
DROP INDEX "orders_distributor_idx";--> statement-breakpoint
DROP INDEX "orders_unpaid_idx";--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "freight_cents" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "free_freight_over_cents" integer DEFAULT 9900 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "auto_complete_days" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "region_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "logistics" ADD COLUMN "carrier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "logistics" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "product_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sku_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "base_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "global_add_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sale_add_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promotion_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "coupon_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "freight_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "paid_cents" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cross_border" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "group_id" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "activity_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sale_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "real_name" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "auto_complete_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hidden_by_user" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "real_names" ADD COLUMN "name_masked" text NOT NULL;--> statement-breakpoint
ALTER TABLE "real_names" ADD COLUMN "name_cipher" text NOT NULL;--> statement-breakpoint
ALTER TABLE "real_names" ADD COLUMN "id_number_cipher" text NOT NULL;--> statement-breakpoint
ALTER TABLE "real_names" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_groups_user_idx" ON "order_groups" USING btree ("user_id","shop_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_group_id_order_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."order_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_default_unique" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_order_unique" ON "logistics" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_group_idx" ON "orders" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "orders_shipped_idx" ON "orders" USING btree ("auto_complete_at") WHERE "orders"."status" = 30;--> statement-breakpoint
CREATE INDEX "orders_distributor_idx" ON "orders" USING btree ("distributor_id","shop_id");--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("pay_deadline") WHERE "orders"."status" = 10;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_money_chk" CHECK ("order_lines"."unit_price_cents" = "order_lines"."base_cents" + "order_lines"."global_add_cents" + "order_lines"."sale_add_cents" and "order_lines"."line_cents" = "order_lines"."unit_price_cents" * "order_lines"."quantity" and "order_lines"."paid_cents" = "order_lines"."line_cents" - "order_lines"."promotion_cents" - "order_lines"."coupon_cents" + "order_lines"."freight_cents" and "order_lines"."paid_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_chk" CHECK ("orders"."pay_cents" = "orders"."goods_cents" - "orders"."discount_cents" - "orders"."coupon_cents" + "orders"."freight_cents" and "orders"."pay_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."coupon_cents" >= 0 and "orders"."freight_cents" >= 0);--> statement-breakpoint
-- The key that encrypts real names and ID numbers at rest (identity/real-name.server.ts), made
-- here once per database from the server's strong random source.
INSERT INTO "server_secrets" ("name", "value")
  VALUES ('real-name-key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "real_names_user_version" AFTER INSERT OR UPDATE OR DELETE ON "real_names"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "bump_user_version"('user_id');
