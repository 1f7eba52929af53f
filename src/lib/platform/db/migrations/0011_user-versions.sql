CREATE TABLE "user_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Raises the version of the user (or users) a changed row belongs to. The argument names the
-- row's user column. Deferred to commit like the stock bump (0006): the version row is held only
-- briefly, after every other lock of the transaction.
CREATE FUNCTION "bump_user_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_user integer;
  new_user integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_user := (to_jsonb(OLD) ->> TG_ARGV[0])::integer; END IF;
  IF TG_OP <> 'DELETE' THEN new_user := (to_jsonb(NEW) ->> TG_ARGV[0])::integer; END IF;
  INSERT INTO "user_versions" AS v ("user_id", "version")
    SELECT DISTINCT u, 1 FROM unnest(ARRAY[old_user, new_user]) AS u WHERE u IS NOT NULL
    ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Order lines name their order; the user is the order's.
CREATE FUNCTION "bump_order_user_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_order integer;
  new_order integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_order := OLD."order_id"; END IF;
  IF TG_OP <> 'DELETE' THEN new_order := NEW."order_id"; END IF;
  INSERT INTO "user_versions" AS v ("user_id", "version")
    SELECT DISTINCT o."user_id", 1 FROM "orders" o WHERE o."id" IN (old_order, new_order)
    ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_user_version" AFTER UPDATE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "bump_user_version"('id');--> statement-breakpoint
-- A new session changes nothing cached: only its end (logout) or a change does.
CREATE CONSTRAINT TRIGGER "sessions_user_version" AFTER UPDATE OR DELETE ON "sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "bump_user_version"('user_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "shop_members_user_version" AFTER INSERT OR UPDATE OR DELETE ON "shop_members"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "bump_user_version"('user_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "cart_items_user_version" AFTER INSERT OR UPDATE OR DELETE ON "cart_items"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "bump_user_version"('user_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_user_version" AFTER INSERT OR UPDATE OR DELETE ON "orders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "bump_user_version"('user_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_lines_user_version" AFTER INSERT OR UPDATE OR DELETE ON "order_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "bump_order_user_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_coupons_user_version" AFTER INSERT OR UPDATE OR DELETE ON "user_coupons"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "bump_user_version"('user_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "addresses_user_version" AFTER INSERT OR UPDATE OR DELETE ON "addresses"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "bump_user_version"('user_id');
