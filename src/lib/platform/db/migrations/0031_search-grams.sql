-- Search on an index (decision 045): every character and every pair of adjacent characters of
-- a text, lower-cased as ILIKE compares (lower()), so a product whose name or subtitle holds a
-- term holds all of the term's grams. Chinese search terms are mostly two characters: too short
-- for pg_trgm's trigrams, which a pattern of two characters leaves the index no trigram to use.
CREATE FUNCTION "search_grams"(value text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT gram), '{}'::text[])
  FROM (SELECT lower(value) AS s) AS t,
       LATERAL (
         SELECT substr(t.s, i, 1) AS gram FROM generate_series(1, length(t.s)) AS i
         UNION ALL
         SELECT substr(t.s, i, 2) FROM generate_series(1, length(t.s) - 1) AS i
       ) AS grams
$$;--> statement-breakpoint
DROP INDEX "products_activity_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (search_grams(name || ' ' || subtitle)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_search_grams_idx" ON "products" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "products_activity_idx" ON "products" USING btree ("activity_id","sort","id");