/**
 * The middleware's anonymous cache step: a visitor without a session on an open page sees what
 * every such visitor sees, so they are answered from the kept rendering while it is fresh
 * (platform/page-cache.server.ts). When it runs out, one request renders it again and the others
 * wait for it, instead of every request in flight rendering the same page at once; that rendering
 * is kept when the personal cache step found it keepable.
 */
import type { MiddlewareHandler } from 'astro';
import { PAGE_TTL_MS, cachedPage, keepPage, pageKey } from '#lib/platform/page-cache.server.ts';
import { RETURN_COOKIE, rememberShop } from '#lib/shell/context.server.ts';
import { startSharedRender, waitForSharedRender } from '#lib/shell/signed-in.server.ts';
import { frontMeta } from './shop-page.server.ts';

export const anonymousCache: MiddlewareHandler = async (context, next) => {
  const { request, cookies } = context;
  const page = context.locals.shopPage;
  const key =
    page &&
    request.method === 'GET' &&
    !page.sessionToken &&
    !cookies.has(RETURN_COOKIE) &&
    !page.route.login &&
    !page.noticeDue
      ? pageKey(page.cacheKey)
      : null;
  if (!page || !key) return next();

  await waitForSharedRender(key);
  const kept = cachedPage(key, request.headers.get('accept-encoding'));
  if (kept) {
    rememberShop(cookies, page.shop.shopId, context.locals.site.secure);
    return kept;
  }
  const endRender = startSharedRender(key);
  try {
    const response = await next();
    return page.keepable
      ? await keepPage(key, response, Date.now(), PAGE_TTL_MS, frontMeta(page))
      : response;
  } finally {
    // Whatever happens, those waiting for this rendering stop waiting.
    endRender();
  }
};
