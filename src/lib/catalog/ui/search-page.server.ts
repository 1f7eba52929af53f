/**
 * The search page's one read: the shop's hot keys and switches (热门搜索 1007, 拍照搜同款 1004),
 * and the results of the keyword. An empty search box searches for the key it shows (the type-5
 * hot key).
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { Feature } from '#lib/shop/index.ts';
import { shopFeatures } from '#lib/shop/index.server.ts';
import { MAX_KEYWORD_LENGTH } from '../contracts.ts';
import { hotKeys, searchProducts, type SearchSort } from '../search.server.ts';

export const SEARCH_PAGE_SIZE = 20;

export async function readSearchPage(
  db: DbOrTx,
  contentVersion: number,
  input: { shopId: string; keyword?: string | undefined; sort: SearchSort; page: number },
) {
  const { shopId, sort, page } = input;
  const features = await shopFeatures(db, contentVersion, shopId);
  const hot = features[Feature.HotSearch]
    ? await hotKeys(db, shopId)
    : { defaultKey: null, keys: [] };
  let keyword = (input.keyword ?? '').trim().slice(0, MAX_KEYWORD_LENGTH);
  if (input.keyword !== undefined && keyword === '' && hot.defaultKey) keyword = hot.defaultKey;
  const result = keyword
    ? await searchProducts(db, shopId, {
        keyword,
        sort,
        page,
        pageSize: SEARCH_PAGE_SIZE,
        contentVersion,
      })
    : null;
  return {
    keyword,
    sort,
    page,
    hot,
    result,
    pages: result ? Math.ceil(result.total / SEARCH_PAGE_SIZE) : 0,
    imageSearch: features[Feature.ImageSearch],
  };
}

export type SearchPage = Awaited<ReturnType<typeof readSearchPage>>;
