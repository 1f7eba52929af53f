-- Checkout lowers stock inside its own transactions. Raising the content version there at the
-- moment of the update would hold the version row from that update to the commit, so orders of
-- different SKUs would queue on it — and two orders locking their SKUs in different orders could
-- deadlock on it. As deferred constraint triggers the bump happens at commit, after every row
-- lock of the transaction: briefly, and always last.
DROP TRIGGER "skus_content_update" ON "skus";--> statement-breakpoint
DROP TRIGGER "skus_visible_stock" ON "skus";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "skus_content_update" AFTER UPDATE ON "skus"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION "bump_content_version"('stock');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "skus_visible_stock" AFTER UPDATE OF "stock" ON "skus"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."stock" IS DISTINCT FROM NEW."stock" AND LEAST(OLD."stock", NEW."stock") < 100)
  EXECUTE FUNCTION "bump_content_version"();
