/**
 * The shared front matter of the catalogue's list pages (品牌特卖, 即将开抢, 热销榜单, 超级品牌,
 * venues, landings): the site they belong to, and what they tell search engines about themselves.
 */
import {
  canonicalPath,
  itemList,
  shopBreadcrumbs,
  type JsonLd,
  type ListEntry,
  type Site,
} from './structured-data.ts';

/** What these helpers read of the page's shell context (Astro.locals.shell). */
export interface PageShell {
  origin: string;
  shop: { shopId: string; shopName: string };
  route: { path: string };
}

/** The shop a page belongs to and where it is served from, for absolute URLs and JSON-LD. */
export function pageSite(shell: PageShell): Site {
  return { origin: shell.origin, shopId: shell.shop.shopId, shopName: shell.shop.shopName };
}

/** SeoHead's props for a list page. */
export interface ListPageSeo {
  title: string;
  description: string;
  canonicalPath: string;
  image: string | null | undefined;
  imageAlt: string | undefined;
  jsonLd: JsonLd[];
}

/**
 * A list page's SEO: titled by the list's name, at its route's canonical path (plus `query`, what
 * identifies the list shown), with a breadcrumb from the shop's home to it and the list itself.
 */
export function listPageSeo(
  shell: PageShell,
  list: {
    /** The page's and the list's name (热销榜单, a venue's name, ...). */
    name: string;
    description: string;
    entries: readonly ListEntry[];
    /** Ranked lists (best sellers first). */
    descending?: boolean;
    query?: Record<string, string | number | null | undefined>;
    image?: string | null | undefined;
    imageAlt?: string | undefined;
  },
): ListPageSeo {
  const site = pageSite(shell);
  const canonical = canonicalPath(shell.route.path, site.shopId, list.query);
  return {
    title: `${list.name} | ${site.shopName}`,
    description: list.description,
    canonicalPath: canonical,
    image: list.image,
    imageAlt: list.imageAlt,
    jsonLd: [
      shopBreadcrumbs(site, [{ name: list.name, path: canonical }]),
      itemList(list.entries, { name: list.name, descending: list.descending ?? false }),
    ],
  };
}
