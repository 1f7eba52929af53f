CREATE TABLE "sale_blacklist" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" text NOT NULL,
	"activity_id" bigint NOT NULL,
	"hidden_by" bigint,
	"hidden_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" bigint
);
--> statement-breakpoint
CREATE TABLE "shop_config_entries" (
	"shop_id" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	CONSTRAINT "shop_config_entries_shop_id_key_pk" PRIMARY KEY("shop_id","key")
);
--> statement-breakpoint
CREATE TABLE "shop_decorations" (
	"shop_id" text PRIMARY KEY NOT NULL,
	"draft" jsonb NOT NULL,
	"published" jsonb,
	"published_at" timestamp with time zone,
	"published_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "markup_limits" (
	"category_id" bigint PRIMARY KEY NOT NULL,
	"max_bp" integer NOT NULL,
	"max_cents" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "global_add_price_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "intro" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "consult_qr_url" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "add_price_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_blacklist" ADD CONSTRAINT "sale_blacklist_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_blacklist" ADD CONSTRAINT "sale_blacklist_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_blacklist" ADD CONSTRAINT "sale_blacklist_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_config_entries" ADD CONSTRAINT "shop_config_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_decorations" ADD CONSTRAINT "shop_decorations_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_decorations" ADD CONSTRAINT "shop_decorations_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markup_limits" ADD CONSTRAINT "markup_limits_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_blacklist_open_idx" ON "sale_blacklist" USING btree ("shop_id","activity_id") WHERE "sale_blacklist"."undone_at" is null;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_global_markup_chk" CHECK ("shops"."global_add_price_cents" >= 0 and "shops"."global_add_price_bp" >= 0 and ("shops"."global_add_price_cents" = 0 or "shops"."global_add_price_bp" = 0));--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_markup_chk" CHECK ("activities"."add_price_cents" >= 0 and "activities"."add_price_bp" >= 0 and ("activities"."add_price_cents" = 0 or "activities"."add_price_bp" = 0));--> statement-breakpoint
-- A black-listed sale is one of the shop's own (shop.ts cannot name activities: it is imported by catalog.ts).
ALTER TABLE "sale_blacklist" ADD CONSTRAINT "sale_blacklist_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markup_limits" ADD CONSTRAINT "markup_limits_positive_chk" CHECK ("max_bp" >= 0 and "max_cents" >= 0);--> statement-breakpoint
-- What shoppers see changes with these: cached pages refresh (content version, migration 0002).
CREATE TRIGGER "shop_decorations_content_rows" AFTER INSERT OR DELETE ON "shop_decorations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "shop_decorations_content_update" AFTER UPDATE OF "published" ON "shop_decorations" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "shop_config_entries_content_rows" AFTER INSERT OR DELETE ON "shop_config_entries" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "shop_config_entries_content_update" AFTER UPDATE ON "shop_config_entries" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "markup_limits_content_rows" AFTER INSERT OR DELETE ON "markup_limits" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "markup_limits_content_update" AFTER UPDATE ON "markup_limits" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();
