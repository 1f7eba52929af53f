/**
 * The middleware's shop context step, for a page of the route table: the canonical URL first
 * (messaging-app query stripped, the shop put into the URL), then the versions (one read), a
 * keeper's link noted before anything may redirect, the shop and its config map (cached per
 * content version) and whether the shop's notice is read first. The shop's answer is judged by
 * shell §4's rule (shop-gate.ts): an unknown shop renders the link-expired page in place, with
 * the answer's code. Anything that is not a shop page passes by untouched.
 */
import type { MiddlewareHandler } from 'astro';
import { isbot } from 'isbot';
import { AppError, ErrorCode, Messages } from '#lib/platform/errors.ts';
import { isShopId } from '#lib/platform/ids.ts';
import { matchRoute } from '#lib/platform/routes.ts';
import { env } from '#lib/platform/env.server.ts';
import { cachedContent } from '#lib/platform/content-cache.server.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { SESSION_COOKIE } from '#lib/identity/index.server.ts';
import { knownUserId, readVersions } from '#lib/identity/index.server.ts';
import { noteArrival } from '#lib/attribution/index.server.ts';
import { getConfigMap } from '#lib/shop/index.server.ts';
import { getShopDetail, type ShopDetail } from '#lib/shop/index.server.ts';
import { canonicalLocation } from '#lib/shell/navigation.ts';
import { noticeCookieName, noticeDue } from '#lib/shell/shop-notice.ts';
import { SHOP_COOKIE, isInApp } from '#lib/shell/context.server.ts';
import { shopGate } from '#lib/shell/shop-gate.ts';

export const shopContext: MiddlewareHandler = async (context, next) => {
  const { request, url, cookies } = context;
  const { site } = context.locals;
  // Set afresh on every pass: a rewrite from the edge (maintenance) is no shop page.
  delete context.locals.shopPage;
  const match = matchRoute(url.pathname);
  if (!match) return next();

  const { DEFAULT_SHOP_ID } = env();
  const storedShopId = cookies.get(SHOP_COOKIE)?.value;
  const canonical = canonicalLocation(
    url,
    isShopId(storedShopId) ? storedShopId : undefined,
    DEFAULT_SHOP_ID,
  );
  if (canonical) return context.redirect(canonical, 302);

  const db = context.locals.database.db;
  const shopId = url.searchParams.get('shopId')!;
  const sessionToken = cookies.get(SESSION_COOKIE)?.value;
  // One statement: the content version and, for a session seen before, its user's version.
  const versions = await readVersions(db, knownUserId(sessionToken));
  context.locals.contentVersion = versions.content;

  // A keeper's link is remembered (and counted) before anything may redirect (decision 022).
  if (!sessionToken && isShopId(shopId)) {
    await noteArrival(db, {
      shopId,
      params: url.searchParams,
      userId: null,
      cookies,
      secure: site.secure,
    });
  }

  const read = await readShop(db, versions.content, shopId);
  const gate = shopGate(
    read instanceof AppError
      ? { code: read.code }
      : { code: ErrorCode.OK, shopName: read.shopName },
  );
  if (!gate.open) {
    // A remembered shop that no longer opens must not trap every later link.
    if (storedShopId === shopId) cookies.delete(SHOP_COOKIE, { path: '/' });
    context.locals.expiredCode = gate.code;
    return next('/shell/link-expired');
  }
  // A code that still opens the app came without the shop's facts: the app opens on its id.
  const shop = read instanceof AppError ? shopOfId(shopId) : read;
  // The shop's config map: the platform's entries with the shop's own values over them.
  const config = await cachedContent(versions.content, `config:${shopId}`, () =>
    getConfigMap(db, shopId),
  );
  const inApp = isInApp(request.headers.get('user-agent'));
  context.locals.shopPage = {
    url,
    route: match.route,
    params: match.params,
    storedShopId,
    sessionToken,
    inApp,
    versions,
    shop,
    config,
    // Whether this visitor may be answered like every other one: not while the notice is due.
    noticeDue: noticeDue({
      shop,
      route: match.route,
      seen: cookies.get(noticeCookieName(shopId))?.value,
      robot: isbot(request.headers.get('user-agent')),
    }),
    cacheKey: {
      url,
      contentVersion: versions.content,
      inApp,
      origin: site.origin,
      shopCookieSet: storedShopId === shopId,
    },
  };
  return next();
};

/** The shop as known from its id alone: no name, logo, notice or skin to show. */
function shopOfId(shopId: string): ShopDetail {
  return {
    shopId,
    shopBizCode: shopId,
    shopName: '',
    shopLogoUrl: '',
    shopNotice: 'OFF',
    noticeText: '',
    intro: '',
    skin: null,
  };
}

/** The shop of the URL (from memory, per content version), or why it does not open. */
async function readShop(
  db: DbOrTx,
  contentVersion: number,
  shopId: string,
): Promise<ShopDetail | AppError> {
  if (!isShopId(shopId)) return new AppError(ErrorCode.NOT_FOUND, Messages.SHOP_NOT_FOUND);
  try {
    return await cachedContent(contentVersion, `shop:${shopId}`, () => getShopDetail(db, shopId));
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}
