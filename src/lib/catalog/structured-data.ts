/**
 * What search engines and link previews read about a page beyond its tags: its canonical URL and
 * its schema.org JSON-LD (BreadcrumbList, ItemList, Brand, Product with its Offer). Pure: pages
 * pass the origin, the shop and their own data; SeoHead writes the result into the document.
 */
import { imageUrl } from '#lib/media/index.ts';

/** One JSON-LD object, ready for JSON.stringify. */
export type JsonLd = Record<string, unknown>;

const SCHEMA = 'https://schema.org';

/** The shop a page belongs to, and where the site is served from (`Astro.url.origin`). */
export interface Site {
  origin: string;
  shopId: string;
  shopName: string;
}

/**
 * Where a shop page really lives: its path, the query that identifies what it shows (in the order
 * given; empty values dropped), then shopId. Nothing that a link only carries along (distributorId,
 * channel, spm, ...) belongs here, so every shared copy of a page has one canonical URL.
 */
export function canonicalPath(
  path: string,
  shopId: string,
  query: Record<string, string | number | null | undefined> = {},
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  search.set('shopId', shopId);
  return `${path}?${search.toString()}`;
}

/** The drawn 1200×630 link-preview card of a product (decision 005). */
export function productPreviewPath(productNo: string): string {
  return `/og/product/${encodeURIComponent(productNo)}.png`;
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).toString();
}

/** A stored picture as previews and search engines fetch it: resized to 400 px, absolute. */
export function pictureUrl(origin: string, url: string): string {
  return absoluteUrl(origin, imageUrl(url, 400));
}

export interface Crumb {
  name: string;
  /** Absolute URL; the last crumb (the page itself) may go without. */
  url?: string | undefined;
}

export function breadcrumbList(items: readonly Crumb[]): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      ...(crumb.url ? { item: crumb.url } : {}),
    })),
  };
}

/** A shop page's trail: the shop's home first, then `trail` (paths are made absolute). */
export function shopBreadcrumbs(
  site: Site,
  trail: readonly { name: string; path?: string | undefined }[],
): JsonLd {
  return breadcrumbList([
    { name: site.shopName, url: pageUrl(site, '/index') },
    ...trail.map((step) => ({
      name: step.name,
      url: step.path ? absoluteUrl(site.origin, step.path) : undefined,
    })),
  ]);
}

export interface ListEntry {
  /** Absolute URL of the entry's page. */
  url: string;
  name?: string | undefined;
  /** The thing itself (a Brand, ...), in place of a bare name. */
  item?: JsonLd | undefined;
}

/** An ordered list of pages (sales, products, brands), numbered from 1 in the order given. */
export function itemList(
  entries: readonly ListEntry[],
  options: { name?: string | undefined; descending?: boolean } = {},
): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'ItemList',
    ...(options.name ? { name: options.name } : {}),
    ...(options.descending ? { itemListOrder: `${SCHEMA}/ItemListOrderDescending` } : {}),
    numberOfItems: entries.length,
    itemListElement: entries.map((entry, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: entry.url,
      ...(entry.name ? { name: entry.name } : {}),
      ...(entry.item ? { item: withoutContext(entry.item) } : {}),
    })),
  };
}

/** An absolute canonical URL of a shop page: `pageUrl(site, '/brand', { activityNo })`. */
export function pageUrl(
  site: Site,
  path: string,
  query: Record<string, string | number | null | undefined> = {},
): string {
  return absoluteUrl(site.origin, canonicalPath(path, site.shopId, query));
}

/** List entries for sales: each at its brand-sale page. */
export function saleEntries(
  site: Site,
  sales: readonly { activityNo: string; title: string }[],
): ListEntry[] {
  return sales.map((s) => ({
    url: pageUrl(site, '/brand', { activityNo: s.activityNo }),
    name: s.title,
  }));
}

/** List entries for products: each at its product page. */
export function productEntries(
  site: Site,
  products: readonly { productNo: string; name: string }[],
): ListEntry[] {
  return products.map((p) => ({
    url: pageUrl(site, '/productDetail', { productNo: p.productNo }),
    name: p.name,
  }));
}

export function brandLd(brand: {
  name: string;
  description?: string | null | undefined;
  /** Absolute URL of the logo. */
  logo?: string | null | undefined;
  url?: string | undefined;
}): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'Brand',
    name: brand.name,
    ...(brand.description ? { description: brand.description } : {}),
    ...(brand.logo ? { logo: brand.logo } : {}),
    ...(brand.url ? { url: brand.url } : {}),
  };
}

/**
 * A page about one sale (brand sale, activity, preheat, N件X折): its trail from the shop home,
 * the sale's brand, and the sale's products as a list.
 */
export function salePageLd(
  site: Site,
  sale: {
    title: string;
    brand: { name: string; story: string; logoUrl: string | null };
    products: readonly { productNo: string; name: string }[];
  },
  trail: readonly { name: string; path?: string | undefined }[],
): JsonLd[] {
  return [
    shopBreadcrumbs(site, trail),
    brandLd({
      name: sale.brand.name,
      description: sale.brand.story,
      logo: sale.brand.logoUrl ? pictureUrl(site.origin, sale.brand.logoUrl) : null,
    }),
    itemList(productEntries(site, sale.products), { name: sale.title }),
  ];
}

/**
 * A product with its one offer in CNY. `price` is the text the page shows (formatYuan), so the
 * structured price can never differ from the visible one.
 */
export function productLd(product: {
  name: string;
  description: string;
  sku: string;
  /** Absolute URLs. */
  images: readonly string[];
  brandName: string;
  price: string;
  inStock: boolean;
  /** Absolute canonical URL of the product page. */
  url: string;
  /** The last day of the sale, YYYY-MM-DD. */
  priceValidUntil?: string | undefined;
}): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.sku,
    image: [...product.images],
    brand: { '@type': 'Brand', name: product.brandName },
    offers: {
      '@type': 'Offer',
      priceCurrency: 'CNY',
      price: product.price,
      availability: `${SCHEMA}/${product.inStock ? 'InStock' : 'OutOfStock'}`,
      url: product.url,
      ...(product.priceValidUntil ? { priceValidUntil: product.priceValidUntil } : {}),
    },
  };
}

function withoutContext(node: JsonLd): JsonLd {
  const rest = { ...node };
  delete rest['@context'];
  return rest;
}
