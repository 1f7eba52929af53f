/** Sitemaps: an index of the shops, and per shop its pages, brand sales and products. */
import { and, eq } from 'drizzle-orm';
import { ROUTES } from '#lib/platform/routes.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { activities, products, shops } from '#lib/platform/db/schema.ts';
import {
  notFlashSale,
  productPublished,
  salePublished,
  saleNotEndedAt,
} from '#lib/catalog/index.server.ts';
import { ShopStatus } from '../status.ts';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function sitemapIndex(db: DbOrTx, origin: string): Promise<string> {
  const rows = await db
    .select({ id: shops.id })
    .from(shops)
    .where(eq(shops.status, ShopStatus.Open))
    .orderBy(shops.id);
  const entries = rows
    .map(
      (row) =>
        `<sitemap><loc>${escapeXml(`${origin}/sitemap.xml?shopId=${encodeURIComponent(row.id)}`)}</loc></sitemap>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`;
}

/**
 * A shop's sitemap: the pages the route table marks, every running or upcoming brand sale, and
 * every product of those sales, always with the shop in the URL.
 */
export async function shopSitemap(
  db: DbOrTx,
  origin: string,
  shopId: string,
  now = new Date(),
): Promise<string> {
  const shop = encodeURIComponent(shopId);
  // Flash-sale sessions last hours: seckill-list is their address, not a sale page each.
  const notEnded = and(salePublished(shopId), saleNotEndedAt(now), notFlashSale);
  const [sales, items] = await Promise.all([
    db
      .select({ activityNo: activities.activityNo })
      .from(activities)
      .where(notEnded)
      .orderBy(activities.sort),
    db
      .select({ productNo: products.productNo })
      .from(products)
      .innerJoin(activities, eq(activities.id, products.activityId))
      .where(and(notEnded, productPublished(shopId)))
      .orderBy(products.productNo),
  ]);
  const paths = [
    ...ROUTES.filter((route) => route.sitemap).map((route) => `${route.path}?shopId=${shop}`),
    ...sales.map((s) => `/brand?activityNo=${encodeURIComponent(s.activityNo)}&shopId=${shop}`),
    ...items.map(
      (p) => `/productDetail?productNo=${encodeURIComponent(p.productNo)}&shopId=${shop}`,
    ),
  ];
  const urls = paths
    .map((path) => `<url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
}
