CREATE TABLE "coupon_categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_user_claims" (
	"coupon_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"claimed" integer NOT NULL,
	CONSTRAINT "coupon_user_claims_coupon_id_user_id_pk" PRIMARY KEY("coupon_id","user_id"),
	CONSTRAINT "coupon_user_claims_claimed_chk" CHECK ("coupon_user_claims"."claimed" >= 1)
);
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_amount_chk";--> statement-breakpoint
ALTER TABLE "user_coupons" DROP CONSTRAINT "user_coupons_used_order_id_orders_id_fk";
--> statement-breakpoint
DROP INDEX "orders_user_coupon_unique";--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "discount_rate" smallint;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_discount_cents" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "in_share" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "after_pay" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "category_id" bigint;--> statement-breakpoint
ALTER TABLE "order_groups" ADD COLUMN "user_coupon_id" bigint;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD COLUMN "rules" jsonb;--> statement-breakpoint
UPDATE "user_coupons" u SET "rules" = jsonb_build_object('name', c."name", 'description', c."description", 'kind', c."kind", 'amountCents', c."amount_cents", 'thresholdCents', c."threshold_cents", 'discountRate', null, 'maxDiscountCents', null, 'scope', c."scope", 'scopeRef', c."scope_ref") FROM "coupons" c WHERE c."id" = u."coupon_id";--> statement-breakpoint
ALTER TABLE "user_coupons" ALTER COLUMN "rules" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD COLUMN "source" text DEFAULT 'center' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD COLUMN "used_group_id" bigint;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupon_categories" ADD CONSTRAINT "coupon_categories_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_user_claims" ADD CONSTRAINT "coupon_user_claims_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_user_claims" ADD CONSTRAINT "coupon_user_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_categories_shop_idx" ON "coupon_categories" USING btree ("shop_id","sort");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_category_id_coupon_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."coupon_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_groups" ADD CONSTRAINT "order_groups_user_coupon_id_user_coupons_id_fk" FOREIGN KEY ("user_coupon_id") REFERENCES "public"."user_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_used_group_id_order_groups_id_fk" FOREIGN KEY ("used_group_id") REFERENCES "public"."order_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_groups_user_coupon_unique" ON "order_groups" USING btree ("user_coupon_id");--> statement-breakpoint
UPDATE "user_coupons" u SET "used_group_id" = o."group_id", "used_at" = o."created_at" FROM "orders" o WHERE o."id" = u."used_order_id";--> statement-breakpoint
UPDATE "order_groups" g SET "user_coupon_id" = u."id" FROM "user_coupons" u WHERE u."used_group_id" = g."id";--> statement-breakpoint
UPDATE "user_coupons" SET "status" = 0 WHERE "status" = 1 AND "used_group_id" IS NULL;--> statement-breakpoint
INSERT INTO "coupon_user_claims" ("coupon_id", "user_id", "claimed") SELECT "coupon_id", "user_id", count(*) FROM "user_coupons" GROUP BY "coupon_id", "user_id";--> statement-breakpoint
ALTER TABLE "user_coupons" DROP COLUMN "used_order_id";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_limits_chk" CHECK ("coupons"."per_user_limit" >= 1 and "coupons"."threshold_cents" >= 0);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_amount_chk" CHECK (("coupons"."kind" = 'reduce' and "coupons"."amount_cents" > 0 and "coupons"."discount_rate" is null) or ("coupons"."kind" = 'discount' and "coupons"."amount_cents" = 0 and "coupons"."discount_rate" between 1 and 99 and "coupons"."max_discount_cents" > 0));--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_used_chk" CHECK (("user_coupons"."status" = 1) = ("user_coupons"."used_group_id" is not null));