/** Sitemaps: an index of the shops, and per shop the open pages the route table lists. */
import { eq } from 'drizzle-orm';
import { ROUTES } from '../../routes.ts';
import type { DbOrTx } from '../db/client.ts';
import { shops } from '../db/schema.ts';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function sitemapIndex(db: DbOrTx, origin: string): Promise<string> {
  const rows = await db
    .select({ id: shops.id })
    .from(shops)
    .where(eq(shops.status, 1))
    .orderBy(shops.id);
  const entries = rows
    .map(
      (row) =>
        `<sitemap><loc>${escapeXml(`${origin}/sitemap.xml?shopId=${encodeURIComponent(row.id)}`)}</loc></sitemap>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`;
}

export function shopSitemap(origin: string, shopId: string): string {
  const urls = ROUTES.filter((route) => route.sitemap)
    .map(
      (route) =>
        `<url><loc>${escapeXml(`${origin}${route.path}?shopId=${encodeURIComponent(shopId)}`)}</loc></url>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
}
