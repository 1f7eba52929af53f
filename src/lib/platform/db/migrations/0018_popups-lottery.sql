CREATE TABLE "coupon_popup_coupons" (
	"popup_id" bigint NOT NULL,
	"coupon_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coupon_popup_coupons_popup_id_coupon_id_pk" PRIMARY KEY("popup_id","coupon_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_popups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"page_code" text NOT NULL,
	"pop_type" smallint DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"pop_desc" text DEFAULT '' NOT NULL,
	"brand_name" text DEFAULT '' NOT NULL,
	"brand_logo_url" text DEFAULT '' NOT NULL,
	"backimage_url" text DEFAULT '' NOT NULL,
	"venue_ref" text,
	"interval_minutes" integer DEFAULT 1440 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_popups_type_chk" CHECK ("coupon_popups"."pop_type" in (0, 1)),
	CONSTRAINT "coupon_popups_page_chk" CHECK ("coupon_popups"."page_code" in ('home_page', 'cart_page', 'venue_page')),
	CONSTRAINT "coupon_popups_interval_chk" CHECK ("coupon_popups"."interval_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lotteries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lottery_no" text NOT NULL,
	"shop_id" text NOT NULL,
	"name" text NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"chances_per_user" integer DEFAULT 1 NOT NULL,
	"consolation_prize_id" bigint,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotteries_lottery_no_unique" UNIQUE("lottery_no"),
	CONSTRAINT "lotteries_chances_chk" CHECK ("lotteries"."chances_per_user" >= 1)
);
--> statement-breakpoint
CREATE TABLE "lottery_chances" (
	"lottery_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"granted" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lottery_chances_lottery_id_user_id_pk" PRIMARY KEY("lottery_id","user_id"),
	CONSTRAINT "lottery_chances_used_chk" CHECK ("lottery_chances"."used" >= 0 and "lottery_chances"."used" <= "lottery_chances"."granted")
);
--> statement-breakpoint
CREATE TABLE "lottery_draws" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lottery_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"prize_id" bigint NOT NULL,
	"user_coupon_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_prizes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lottery_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"coupon_id" bigint,
	"image_url" text DEFAULT '' NOT NULL,
	"weight" integer NOT NULL,
	"stock" integer,
	"won" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lottery_prizes_kind_chk" CHECK ("lottery_prizes"."kind" in ('coupon', 'none')),
	CONSTRAINT "lottery_prizes_coupon_chk" CHECK (("lottery_prizes"."kind" = 'coupon') = ("lottery_prizes"."coupon_id" is not null)),
	CONSTRAINT "lottery_prizes_weight_chk" CHECK ("lottery_prizes"."weight" >= 0),
	CONSTRAINT "lottery_prizes_stock_chk" CHECK ("lottery_prizes"."won" >= 0 and ("lottery_prizes"."stock" is null or "lottery_prizes"."won" <= "lottery_prizes"."stock"))
);
--> statement-breakpoint
ALTER TABLE "coupon_popup_coupons" ADD CONSTRAINT "coupon_popup_coupons_popup_id_coupon_popups_id_fk" FOREIGN KEY ("popup_id") REFERENCES "public"."coupon_popups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_popup_coupons" ADD CONSTRAINT "coupon_popup_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_popups" ADD CONSTRAINT "coupon_popups_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotteries" ADD CONSTRAINT "lotteries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotteries" ADD CONSTRAINT "lotteries_consolation_prize_id_lottery_prizes_id_fk" FOREIGN KEY ("consolation_prize_id") REFERENCES "public"."lottery_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_chances" ADD CONSTRAINT "lottery_chances_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_chances" ADD CONSTRAINT "lottery_chances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_prize_id_lottery_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."lottery_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_user_coupon_id_user_coupons_id_fk" FOREIGN KEY ("user_coupon_id") REFERENCES "public"."user_coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_lottery_id_lotteries_id_fk" FOREIGN KEY ("lottery_id") REFERENCES "public"."lotteries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_prizes" ADD CONSTRAINT "lottery_prizes_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_popups_page_idx" ON "coupon_popups" USING btree ("shop_id","page_code");--> statement-breakpoint
CREATE INDEX "lotteries_shop_idx" ON "lotteries" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "lottery_draws_user_idx" ON "lottery_draws" USING btree ("lottery_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "lottery_prizes_lottery_idx" ON "lottery_prizes" USING btree ("lottery_id","sort");--> statement-breakpoint
ALTER TABLE "coupons" DROP COLUMN "in_popup";