import type { APIRoute } from 'astro';
import { isRowId, isShopId } from '#lib/platform/ids.ts';
import { isPosterKind } from '#lib/sharing/index.ts';
import { renderPoster } from '#lib/sharing/index.server.ts';

function text(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  });
}

/**
 * A share poster, 600×960 PNG: /poster/{product|sale|shop|live|coupon}/{id}.png?shopId=&d=&v=.
 * `d` names the sharer and counts only while it is an active shop keeper of the shop; `v` is the
 * content version the share answer named, so a changed price makes a new address and shared
 * caches may keep each one a day.
 */
export const GET: APIRoute = async ({ params, url, locals }) => {
  const kind = params.kind ?? '';
  const id = params.id ?? '';
  const shopId = url.searchParams.get('shopId');
  const d = url.searchParams.get('d');
  if (!isPosterKind(kind) || !/^[A-Za-z0-9-]{1,40}$/.test(id) || !isShopId(shopId)) {
    return text(404, 'Not found');
  }
  if (d !== null && !isRowId(d)) return text(404, 'Not found');
  try {
    const png = await renderPoster(locals.database.db, {
      kind,
      id,
      shopId,
      distributorId: d === null ? null : Number(d),
      origin: locals.site.origin,
    });
    if (!png) return text(404, 'Not found');
    return new Response(png, {
      headers: {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=86400',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    console.error(`[poster] cannot render ${kind} ${id}`, error);
    return text(500, 'Poster could not be rendered');
  }
};
