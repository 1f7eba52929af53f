/**
 * Keyword search over the shop's products and brands (issue 4 item 4), and the shop's hot search
 * keys (shell §3). Chinese has no spaces between words, so there is no word splitting to lean on:
 * every whitespace-separated term of the keyword must appear as a substring (case-insensitive) of
 * the product name, the brand name or the subtitle, and products whose name holds the terms rank
 * above those found only through their brand or subtitle.
 */
import { and, asc, desc, eq, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { activities, brands, hotSearchKeys, products } from '#lib/platform/db/schema.ts';
import {
  countProducts,
  productSortKey,
  readProductCards,
  type ProductCard,
  type ProductSort,
} from './cards.server.ts';
import { productSaleOpenAt, salePublished, saleRunningAt } from './filters.server.ts';
import { HotKeyType } from './status.ts';
import { MAX_KEYWORD_LENGTH } from './contracts.ts';

export type SearchSort = ProductSort;

/** A keyword longer than MAX_KEYWORD_LENGTH is cut; more terms than MAX_TERMS are ignored. */
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
    productSaleOpenAt(now),
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
  const order =
    options.sort === undefined || options.sort === 'default'
      ? [desc(rank), desc(products.salesCount)]
      : [productSortKey(options.sort), desc(rank)];

  const [total, items, brandHits] = await Promise.all([
    countProducts(db, shopId, where),
    readProductCards(db, shopId, where, {
      orderBy: [...order, asc(products.sort), asc(products.id)],
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }),
    matchingBrands(db, shopId, patterns, now),
  ]);
  return { total, items, brands: brandHits };
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
        salePublished(shopId),
        saleRunningAt(now),
        or(...patterns.map((p) => contains(brands.name, p))),
      ),
    )
    .orderBy(asc(activities.sort), asc(activities.id));
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

export interface HotKey {
  hotName: string;
  /** HotKeyType.SearchBox: the key shown in the search box (shell §3). */
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
    defaultKey: rows.find((r) => r.type === HotKeyType.SearchBox)?.hotName ?? null,
    keys: rows.map((r) => r.hotName),
  };
}
