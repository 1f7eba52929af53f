CREATE TABLE "content_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "content_version_single_row_chk" CHECK ("content_version"."id" = 1)
);--> statement-breakpoint
INSERT INTO "content_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Bumps the content version. Arguments name columns that change with every sale (stock, sales
-- counts, coupons issued): an update touching only those is not a change of what pages show.
CREATE FUNCTION "bump_content_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND (to_jsonb(OLD) - coalesce(TG_ARGV, '{}'::text[])) = (to_jsonb(NEW) - coalesce(TG_ARGV, '{}'::text[])) THEN
    RETURN NULL;
  END IF;
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "skins_content_rows" AFTER INSERT OR DELETE ON "skins" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "skins_content_update" AFTER UPDATE ON "skins" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "shops_content_rows" AFTER INSERT OR DELETE ON "shops" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "shops_content_update" AFTER UPDATE ON "shops" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "brands_content_rows" AFTER INSERT OR DELETE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "brands_content_update" AFTER UPDATE ON "brands" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "categories_content_rows" AFTER INSERT OR DELETE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "categories_content_update" AFTER UPDATE ON "categories" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "activity_tags_content_rows" AFTER INSERT OR DELETE ON "activity_tags" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "activity_tags_content_update" AFTER UPDATE ON "activity_tags" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "venues_content_rows" AFTER INSERT OR DELETE ON "venues" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "venues_content_update" AFTER UPDATE ON "venues" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "activities_content_rows" AFTER INSERT OR DELETE ON "activities" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "activities_content_update" AFTER UPDATE ON "activities" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "products_content_rows" AFTER INSERT OR DELETE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "products_content_update" AFTER UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"('sales_count');--> statement-breakpoint
CREATE TRIGGER "skus_content_rows" AFTER INSERT OR DELETE ON "skus" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "skus_content_update" AFTER UPDATE ON "skus" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"('stock');--> statement-breakpoint
CREATE TRIGGER "product_images_content_rows" AFTER INSERT OR DELETE ON "product_images" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "product_images_content_update" AFTER UPDATE ON "product_images" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "banners_content_rows" AFTER INSERT OR DELETE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "banners_content_update" AFTER UPDATE ON "banners" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "home_resources_content_rows" AFTER INSERT OR DELETE ON "home_resources" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "home_resources_content_update" AFTER UPDATE ON "home_resources" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "hot_search_keys_content_rows" AFTER INSERT OR DELETE ON "hot_search_keys" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "hot_search_keys_content_update" AFTER UPDATE ON "hot_search_keys" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "config_entries_content_rows" AFTER INSERT OR DELETE ON "config_entries" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "config_entries_content_update" AFTER UPDATE ON "config_entries" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "feature_switches_content_rows" AFTER INSERT OR DELETE ON "feature_switches" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "feature_switches_content_update" AFTER UPDATE ON "feature_switches" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "skin_popups_content_rows" AFTER INSERT OR DELETE ON "skin_popups" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "skin_popups_content_update" AFTER UPDATE ON "skin_popups" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "coupons_content_rows" AFTER INSERT OR DELETE ON "coupons" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "coupons_content_update" AFTER UPDATE ON "coupons" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"('issued');--> statement-breakpoint
CREATE TRIGGER "live_rooms_content_rows" AFTER INSERT OR DELETE ON "live_rooms" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
CREATE TRIGGER "live_rooms_content_update" AFTER UPDATE ON "live_rooms" FOR EACH ROW EXECUTE FUNCTION "bump_content_version"();--> statement-breakpoint
-- Pages show stock as sold out, 仅剩N件 and a quantity limit of at most 99: a move that stays
-- above 99 changes nothing shown.
CREATE TRIGGER "skus_visible_stock" AFTER UPDATE OF "stock" ON "skus" FOR EACH ROW
  WHEN (OLD."stock" IS DISTINCT FROM NEW."stock" AND LEAST(OLD."stock", NEW."stock") < 100) EXECUTE FUNCTION "bump_content_version"();
