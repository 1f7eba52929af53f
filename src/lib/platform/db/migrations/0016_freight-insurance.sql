CREATE TABLE "insurance_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"after_sale_id" bigint NOT NULL,
	"shop_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_claims_claim_no_unique" UNIQUE("claim_no"),
	CONSTRAINT "insurance_claims_amount_chk" CHECK ("insurance_claims"."amount_cents" > 0),
	CONSTRAINT "insurance_claims_status_chk" CHECK ("insurance_claims"."status" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "order_groups" DROP CONSTRAINT "order_groups_money_chk";--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_money_chk";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_money_chk";--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "freight_insurance" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "official_account_url" text;--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "insurance_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "insurance_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "insurance_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "insurance_cover_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_claims_order_unique" ON "insurance_claims" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_claims_after_sale_unique" ON "insurance_claims" USING btree ("after_sale_id");--> statement-breakpoint
CREATE INDEX "insurance_claims_shop_idx" ON "insurance_claims" USING btree ("shop_id","id");--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_money_chk" CHECK ("order_groups"."pay_cents" = "order_groups"."goods_cents" - "order_groups"."discount_cents" - "order_groups"."coupon_cents" + "order_groups"."freight_cents" + "order_groups"."insurance_cents" and "order_groups"."pay_cents" >= 0 and "order_groups"."insurance_cents" >= 0);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_money_chk" CHECK ("order_lines"."unit_price_cents" = "order_lines"."base_cents" + "order_lines"."global_add_cents" + "order_lines"."sale_add_cents" and "order_lines"."line_cents" = "order_lines"."unit_price_cents" * "order_lines"."quantity" and "order_lines"."paid_cents" = "order_lines"."line_cents" - "order_lines"."promotion_cents" - "order_lines"."coupon_cents" + "order_lines"."freight_cents" + "order_lines"."insurance_cents" and "order_lines"."paid_cents" >= 0 and "order_lines"."insurance_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_insurance_chk" CHECK (("orders"."insurance_cents" = 0) = ("orders"."insurance_cover_cents" = 0) and "orders"."insurance_cover_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_chk" CHECK ("orders"."pay_cents" = "orders"."goods_cents" - "orders"."discount_cents" - "orders"."coupon_cents" + "orders"."freight_cents" + "orders"."insurance_cents" and "orders"."pay_cents" >= 0 and "orders"."discount_cents" >= 0 and "orders"."coupon_cents" >= 0 and "orders"."freight_cents" >= 0 and "orders"."insurance_cents" >= 0);