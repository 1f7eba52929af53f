/**
 * Keyword search over the shop's products and brands (issue 4 item 4), and the shop's hot search
 * keys (shell §3). Chinese has no spaces between words, so there is no word splitting to lean on:
 * every whitespace-separated term of the keyword must appear as a substring (case-insensitive) of
 * the product name, the brand name or the subtitle, and products whose name holds the terms rank
 * above those found only through their brand or subtitle.
 */
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import {
  activities,
  brands,
  hotSearchKeys,
  productImages,
  products,
  shops,
  skus,
} from '#lib/platform/db/schema.ts';
import type { ProductCard, ProductSort } from './catalog.server.ts';
import { applyMarkups } from './pricing.server.ts';

export type SearchSort = ProductSort;

export const SEARCH_SORTS: readonly SearchSort[] = ['default', 'sales', 'price-asc', 'price-desc'];

/** A keyword longer than this is cut; more terms than MAX_TERMS are ignored. */
export const MAX_KEYWORD_LENGTH = 50;
export const MAX_TERMS = 8;
export const MAX_PAGE_SIZE = 50;

export interface SearchOptions {
  keyword: string;
  sort?: SearchSort;
  /** 1-based. */
  page?: number;
  pageSize?: number;
  now?: Date;
}

export interface BrandHit {
  id: number;
  name: string;
  logoUrl: string | null;
  /** The brand's running sale in this shop (the first in the shop's order). */
  activityNo: string;
}

export interface SearchResult {
  total: number;
  items: ProductCard[];
  brands: BrandHit[];
}

/**
 * The terms of a keyword: full-width letters, digits and spaces folded to their usual forms
 * (NFKC, so "ＳＰＦ５０" finds "SPF50"), split on whitespace and list punctuation, duplicates
 * dropped, at most MAX_TERMS.
 */
export function searchTerms(keyword: string): string[] {
  const folded = keyword.normalize('NFKC').slice(0, MAX_KEYWORD_LENGTH);
  const terms = folded.split(/[\s,，、;；]+/u).filter((term) => term !== '');
  return [...new Set(terms.map((term) => term.toLowerCase()))].slice(0, MAX_TERMS);
}

/** An ILIKE pattern matching `term` anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column ILIKE pattern`, with backslash (PostgreSQL's default, said explicitly) as the escape. */
function contains(column: Column, pattern: string): SQL {
  return sql`${column} ilike ${pattern} escape '\\'`;
}

/** Published and on sale at `now`: in a running, published sale or in none. */
function onSaleAt(shopId: string, now: Date): SQL {
  return and(
    eq(products.shopId, shopId),
    eq(products.status, 1),
    or(
      isNull(products.activityId),
      and(eq(activities.status, 1), lte(activities.startAt, now), gt(activities.endAt, now)),
    ),
  )!;
}

/**
 * The shop's products on sale at `now` matching every term of the keyword in their name, brand
 * name or subtitle, one page of them as cards (prices with the shop's and the sale's markups),
 * plus the brands whose name matches a term and that have a running sale in the shop.
 */
export async function searchProducts(
  db: DbOrTx,
  shopId: string,
  options: SearchOptions,
): Promise<SearchResult> {
  const now = options.now ?? new Date();
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(options.pageSize ?? 20)));
  const patterns = searchTerms(options.keyword).map(containsPattern);
  if (patterns.length === 0) return { total: 0, items: [], brands: [] };

  const where = and(
    onSaleAt(shopId, now),
    ...patterns.map((p) =>
      or(contains(products.name, p), contains(brands.name, p), contains(products.subtitle, p))!,
    ),
  );
  // 2 for each term in the name, 1 for each found through the brand, 0 through the subtitle.
  const rank = sql<number>`(${sql.join(
    patterns.map(
      (p) =>
        sql`(case when ${contains(products.name, p)} then 2 when ${contains(brands.name, p)} then 1 else 0 end)`,
    ),
    sql` + `,
  )})`;
  // The same sum as sellingPriceCents (applyMarkups); the shop-wide markup cannot change the
  // order, but it is kept so the sort key is the price the shopper sees.
  const price = sql`(${products.priceCents} + ${shops.globalAddPriceCents} + coalesce(${activities.addPriceCents}, 0))`;
  const order =
    options.sort === 'sales'
      ? [desc(products.salesCount), desc(rank)]
      : options.sort === 'price-asc'
        ? [asc(price), desc(rank)]
        : options.sort === 'price-desc'
          ? [desc(price), desc(rank)]
          : [desc(rank), desc(products.salesCount)];

  const [countRows, rows, brandHits] = await Promise.all([
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(activities, eq(activities.id, products.activityId))
      .where(where),
    db
      .select({
        id: products.id,
        productNo: products.productNo,
        name: products.name,
        priceCents: products.priceCents,
        marketPriceCents: products.marketPriceCents,
        salesCount: products.salesCount,
        globalAddCents: shops.globalAddPriceCents,
        activityAddCents: activities.addPriceCents,
      })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(activities, eq(activities.id, products.activityId))
      .where(where)
      .orderBy(...order, asc(products.sort), asc(products.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    matchingBrands(db, shopId, patterns, now),
  ]);

  const ids = rows.map((r) => r.id);
  const [stockRows, coverRows] = ids.length
    ? await Promise.all([
        db
          .select({
            productId: skus.productId,
            stock: sql<number>`coalesce(sum(${skus.stock}), 0)::int`,
          })
          .from(skus)
          .where(inArray(skus.productId, ids))
          .groupBy(skus.productId),
        db
          .selectDistinctOn([productImages.productId], {
            productId: productImages.productId,
            url: productImages.url,
          })
          .from(productImages)
          .where(and(inArray(productImages.productId, ids), eq(productImages.kind, 'main')))
          .orderBy(productImages.productId, productImages.sort),
      ])
    : [[], []];
  const stockOf = new Map(stockRows.map((r) => [r.productId, r.stock]));
  const coverOf = new Map(coverRows.map((r) => [r.productId, r.url]));

  return {
    total: countRows[0]?.total ?? 0,
    items: rows.map((r) => ({
      productNo: r.productNo,
      name: r.name,
      imageUrl: coverOf.get(r.id) ?? null,
      priceCents: applyMarkups(r.priceCents, {
        globalAddCents: r.globalAddCents,
        activityAddCents: r.activityAddCents ?? 0,
      }),
      marketPriceCents: r.marketPriceCents,
      salesCount: r.salesCount,
      soldOut: (stockOf.get(r.id) ?? 0) <= 0,
    })),
    brands: brandHits,
  };
}

/** Brands whose name holds one of the terms, with their first running sale in the shop. */
async function matchingBrands(
  db: DbOrTx,
  shopId: string,
  patterns: string[],
  now: Date,
): Promise<BrandHit[]> {
  const rows = await db
    .select({
      id: brands.id,
      name: brands.name,
      logoUrl: brands.logoUrl,
      activityNo: activities.activityNo,
    })
    .from(activities)
    .innerJoin(brands, eq(brands.id, activities.brandId))
    .where(
      and(
        eq(activities.shopId, shopId),
        eq(activities.status, 1),
        lte(activities.startAt, now),
        gt(activities.endAt, now),
        or(...patterns.map((p) => contains(brands.name, p))),
      ),
    )
    .orderBy(asc(activities.sort), asc(activities.id));
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

export interface HotKey {
  hotName: string;
  /** 5: the key shown in the search box (shell §3). */
  type: number;
}

/** The shop's hot search keys in the shop's order; none for an unknown shop. */
export async function listHotKeys(db: DbOrTx, shopId: string): Promise<HotKey[]> {
  return db
    .select({ hotName: hotSearchKeys.hotName, type: hotSearchKeys.type })
    .from(hotSearchKeys)
    .where(eq(hotSearchKeys.shopId, shopId))
    .orderBy(asc(hotSearchKeys.sort), asc(hotSearchKeys.id));
}

/** The hot keys as the search page uses them: the type-5 key for the search box, and all of them. */
export async function hotKeys(
  db: DbOrTx,
  shopId: string,
): Promise<{ defaultKey: string | null; keys: string[] }> {
  const rows = await listHotKeys(db, shopId);
  return {
    defaultKey: rows.find((r) => r.type === 5)?.hotName ?? null,
    keys: rows.map((r) => r.hotName),
  };
}
