import type { APIRoute } from 'astro';
import { isShopId } from '#lib/platform/ids.ts';
import { getShopDetail } from '#lib/shop/index.server.ts';
import { shopSitemap, sitemapIndex } from '#lib/shop/ui/sitemap.server.ts';

const XML = {
  'content-type': 'application/xml; charset=utf-8',
  'cache-control': 'public, max-age=3600',
};

/** /sitemap.xml lists one sitemap per shop; /sitemap.xml?shopId= is that shop's pages. */
export const GET: APIRoute = async ({ url, locals }) => {
  const db = locals.database.db;
  const shopId = url.searchParams.get('shopId');
  if (shopId === null)
    return new Response(await sitemapIndex(db, locals.site.origin), { headers: XML });
  const known =
    isShopId(shopId) &&
    (await getShopDetail(db, shopId).then(
      () => true,
      () => false,
    ));
  if (!known)
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(await shopSitemap(db, locals.site.origin, shopId), { headers: XML });
};
