/** The search page's sorts, query, and what it tells search engines and link previews. */
import { truncate } from '#lib/platform/text.ts';
import { oneOf, optionalText, pageNumber } from '#lib/platform/page-query.ts';
import type { SearchResult, SearchSort } from '../search.server.ts';
import { canonicalPath, itemList, productEntries, shopBreadcrumbs } from '../structured-data.ts';

export type { SearchSort };

export const SEARCH_SORTS: { value: SearchSort; label: string }[] = [
  { value: 'default', label: '综合' },
  { value: 'sales', label: '销量' },
  { value: 'price-asc', label: '价格↑' },
  { value: 'price-desc', label: '价格↓' },
];

export const SEARCH_QUERY = {
  sort: oneOf(
    SEARCH_SORTS.map((s) => s.value),
    'default',
  ),
  page: pageNumber(1000),
  keyword: optionalText(),
};

interface Site {
  origin: string;
  shopId: string;
  shopName: string;
}

/** A results page is kept out of search engines (noindex, the view's) but followed. */
export function searchSeo(
  site: Site,
  routePath: string,
  input: { keyword: string; result: SearchResult | null; hotKeys: string[] },
) {
  const { keyword, result, hotKeys } = input;
  const { shopName } = site;
  const searchPath = canonicalPath(routePath, site.shopId);
  const path = canonicalPath(routePath, site.shopId, { keyword });
  const description = truncate(
    result
      ? result.total > 0
        ? `在${shopName}搜索“${keyword}”：共 ${result.total} 件商品，${result.items
            .slice(0, 3)
            .map((p) => p.name)
            .join('、')}等。`
        : `在${shopName}没有找到“${keyword}”相关的商品，换个关键词试试。`
      : `在${shopName}搜索商品和品牌${hotKeys.length ? `，大家都在搜：${hotKeys.join('、')}` : ''}。`,
  );
  const jsonLd = [
    shopBreadcrumbs(
      site,
      keyword
        ? [
            { name: '搜索', path: searchPath },
            { name: `“${keyword}”`, path },
          ]
        : [{ name: '搜索', path: searchPath }],
    ),
    ...(result && result.items.length > 0
      ? [itemList(productEntries(site, result.items), { name: `搜索“${keyword}”` })]
      : []),
  ];
  return {
    title: keyword ? `搜索“${keyword}” | ${shopName}` : `搜索 | ${shopName}`,
    description,
    path,
    jsonLd,
  };
}
