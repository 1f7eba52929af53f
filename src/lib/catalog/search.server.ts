/**
 * Keyword search over the shop's products and brands (issue 4 item 4), and the shop's hot search
 * keys (shell §3). Chinese has no spaces between words, so there is no word splitting to lean on:
 * every whitespace-separated term of the keyword must appear as a substring (case-insensitive) of
 * the product name, the brand name or the subtitle, and products whose name holds the terms rank
 * above those found only through their brand or subtitle. The products are found through an index
 * of their names' and subtitles' characters and character pairs (products.search_grams, decision
 * 045), so a search costs what it finds, not the size of the catalogue.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { activities, brands, hotSearchKeys, products } from '#lib/platform/db/schema.ts';
import { cachedContent } from '#lib/platform/content-cache.server.ts';
import {
  productSortKey,
  readProductCards,
  type ProductCard,
  type ProductSort,
} from './cards.server.ts';
import {
  productPublished,
  productSaleShown,
  saleNotEndedAt,
  salePublished,
  withProductJoins,
} from './filters.server.ts';
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

/** A product matching the keyword, in the results' order, with its sale's window. */
interface Match {
  id: number;
  startAt: Date | null;
  endAt: Date | null;
}

/** What a keyword finds, in order: the products and brands of sales not over at `since`. */
interface Matches {
  products: Match[];
  brands: (BrandHit & { startAt: Date; endAt: Date })[];
}

/**
 * The shop's products on sale at `now` matching every term of the keyword in their name, brand
 * name or subtitle, one page of them as cards (prices with the shop's and the sale's markups),
 * plus the brands whose name matches a term and that have a running sale in the shop.
 *
 * With the content version, what a keyword finds is kept per version and minute (a search asked
 * again costs no read), and which sales are running is taken at `now` on every call: a sale that
 * opens or closes shows so at once, as everywhere else (decision 007).
 */
export async function searchProducts(
  db: DbOrTx,
  shopId: string,
  options: SearchOptions & { contentVersion?: number | undefined },
): Promise<SearchResult> {
  const now = options.now ?? new Date();
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(options.pageSize ?? 20)));
  const terms = searchTerms(options.keyword);
  if (terms.length === 0) return { total: 0, items: [], brands: [] };
  const sort = options.sort ?? 'default';
  const version = options.contentVersion;
  const keep = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    version === undefined ? load() : cachedContent(version, key, load, now.getTime());

  const found = await keep(`search:${shopId}:${sort}:${terms.join('\u0000')}`, () =>
    findMatches(db, shopId, terms, sort, now),
  );
  const open = found.products.filter(
    (m) => m.startAt === null || (m.startAt <= now && m.endAt! > now),
  );
  const ids = open.slice((page - 1) * pageSize, page * pageSize).map((m) => m.id);
  const items =
    ids.length === 0
      ? []
      : await keep(`search-cards:${shopId}:${ids.join(',')}`, () => cardsInOrder(db, shopId, ids));
  const seen = new Set<number>();
  const brandHits = found.brands
    .filter((b) => b.startAt <= now && b.endAt > now && !seen.has(b.id) && seen.add(b.id))
    .map(({ id, name, logoUrl, activityNo }) => ({ id, name, logoUrl, activityNo }));
  return { total: open.length, items, brands: brandHits };
}

/** The cards of these products, in this order. */
async function cardsInOrder(db: DbOrTx, shopId: string, ids: number[]): Promise<ProductCard[]> {
  const cards = await readProductCards(db, shopId, inArray(products.id, ids), {
    orderBy: [asc(products.id)],
    withId: true,
  });
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.flatMap((id) => {
    const card = byId.get(id);
    if (!card) return [];
    const { id: _id, ...shown } = card;
    return [shown];
  });
}

/**
 * Every product and brand the terms find among sales not over at `since` (and products in no
 * sale), in the results' order: what is running at any later instant is among them until the
 * content changes.
 */
async function findMatches(
  db: DbOrTx,
  shopId: string,
  terms: string[],
  sort: SearchSort,
  since: Date,
): Promise<Matches> {
  const patterns = terms.map(containsPattern);
  // Each term: first the indexes (products holding its characters and pairs, or of a brand
  // whose name holds it), then the term itself, so the results are what the plain match finds.
  const brandsOf = await Promise.all(
    patterns.map(async (p) =>
      (await db.select({ id: brands.id }).from(brands).where(contains(brands.name, p))).map(
        (b) => b.id,
      ),
    ),
  );
  const where = and(
    productPublished(shopId),
    productSaleShown,
    or(isNull(products.activityId), saleNotEndedAt(since)),
    ...terms.map((term, i) => {
      const p = patterns[i]!;
      const grams = sql`${products.searchGrams} @> search_grams(${term})`;
      const ids = brandsOf[i]!;
      // Each way in through its own index: written as one OR, the planner reads every product
      // and tests its grams, a cost that grows with the catalogue rather than with the matches.
      const found =
        ids.length > 0
          ? sql`${products.id} in (select ${products.id} from ${products} where ${grams} union all select ${products.id} from ${products} where ${inArray(products.brandId, ids)})`
          : grams;
      return and(
        found,
        or(contains(products.name, p), contains(brands.name, p), contains(products.subtitle, p)),
      )!;
    }),
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
    sort === 'default'
      ? [desc(rank), desc(products.salesCount)]
      : [productSortKey(sort), desc(rank)];

  const [productRows, brandRows] = await Promise.all([
    withProductJoins(
      db
        .select({ id: products.id, startAt: activities.startAt, endAt: activities.endAt })
        .from(products)
        .$dynamic(),
    )
      .where(where)
      .orderBy(...order, asc(products.sort), asc(products.id)),
    // Brands whose name holds one of the terms, with their sales in the shop's order.
    db
      .select({
        id: brands.id,
        name: brands.name,
        logoUrl: brands.logoUrl,
        activityNo: activities.activityNo,
        startAt: activities.startAt,
        endAt: activities.endAt,
      })
      .from(activities)
      .innerJoin(brands, eq(brands.id, activities.brandId))
      .where(
        and(
          salePublished(shopId),
          saleNotEndedAt(since),
          or(...patterns.map((p) => contains(brands.name, p))),
        ),
      )
      .orderBy(asc(activities.sort), asc(activities.id)),
  ]);
  return { products: productRows, brands: brandRows };
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
