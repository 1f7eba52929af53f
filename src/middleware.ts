import type { MiddlewareHandler } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { fail } from '#lib/platform/envelope.ts';
import { AppError, ErrorCode, Messages } from '#lib/platform/errors.ts';
import { isDatabaseUnavailable } from '#lib/platform/db/faults.ts';
import { isShopId } from '#lib/platform/ids.ts';
import { canonicalLocation, guardRoute } from '#lib/shell/navigation.ts';
import { isbot } from 'isbot';
import { noticeCookieName, noticeDue } from '#lib/shell/shop-notice.ts';
import { MemberRole, roleLetter, switchableRoles } from '#lib/membership/roles.ts';
import { switchRole } from '#lib/membership/membership.server.ts';
import { matchRoute } from '#lib/platform/routes.ts';
import { siteOrigin } from '#lib/platform/origin.ts';
import { database } from '#lib/platform/app.server.ts';
import { env } from '#lib/platform/env.server.ts';
import { isCrossSiteWrite, isOwnNavigation } from '#lib/platform/csrf.server.ts';
import { describeFault, json, maintenanceAnswer } from '#lib/platform/http.server.ts';
import { getConfigMap } from '#lib/shop/config.server.ts';
import { noteArrival } from '#lib/distribution/attribution.server.ts';
import { answerVendorRoot } from '#lib/identity/vendor-root.server.ts';
import { SESSION_COOKIE } from '#lib/identity/sessions.server.ts';
import { knownUserId, readVersions, readViewer } from '#lib/identity/viewer.server.ts';
import { getShopDetail } from '#lib/shop/shops.server.ts';
import { cachedContent } from '#lib/platform/content-cache.server.ts';
import { liveReminderDue } from '#lib/live/reminder-notice.server.ts';
import { cachedPage, keepPage, pageKey } from '#lib/platform/page-cache.server.ts';
import {
  anonymousUser,
  cartCount,
  fillResponse,
  ownerPrompt,
  sharedPage,
  sharedPageCache,
  startSharedRender,
  userPageCache,
  viewerKind,
  waitForSharedRender,
} from '#lib/shell/signed-in.server.ts';
import {
  RETURN_COOKIE,
  SHOP_COOKIE,
  isInApp,
  makeShellContext,
  rememberReturn,
  rememberShop,
} from '#lib/shell/context.server.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const onRequest = defineMiddleware(async (context, next) => {
  // A page this request renders for others to share: whatever happens, those waiting for it
  // stop waiting when the request ends.
  const rendering: Rendering = { end: () => {} };
  try {
    return await serve(context, next, rendering);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // The database is away: say so (and nothing else) until it is back.
    if (isApiPath(context.url.pathname)) return maintenanceAnswer(error);
    console.error('[db] unavailable:', describeFault(error));
    context.locals.maintenance = true;
    return next('/shell/maintenance');
  } finally {
    rendering.end();
  }
});

interface Rendering {
  end: () => void;
}

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
const isSandboxPath = (pathname: string) =>
  pathname === '/sandbox' || pathname.startsWith('/sandbox/');

async function serve(
  ...[context, next, rendering]: [...Parameters<MiddlewareHandler>, Rendering]
): Promise<Response> {
  const { request, url, cookies } = context;
  const isApi = isApiPath(url.pathname);
  const { PUBLIC_ORIGIN, TRUST_PROXY, SHOP_MODE } = env();
  const site = siteOrigin({
    publicOrigin: PUBLIC_ORIGIN,
    trustProxy: TRUST_PROXY > 0,
    headers: request.headers,
    url,
  });
  context.locals.site = site;
  // Tencent Cloud's and Aliyun's SDKs speak to the root of a host: a demo answers them there.
  if (SHOP_MODE === 'demo' && url.pathname === '/') {
    const answer = await answerVendorRoot(request, (await database()).db);
    if (answer) return answer;
  }
  if (isCrossSiteWrite(request.method, request.headers, site.host)) {
    return json(fail(ErrorCode.CROSS_SITE, Messages.CROSS_SITE), 403);
  }
  // The sandboxes stand in for the outside world in a demo only (decision 030).
  if (SHOP_MODE === 'production' && isSandboxPath(url.pathname)) {
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  // An /api path no endpoint serves: the envelope, never the shop's catch-all page.
  if (isApi && !context.routePattern.startsWith('/api/')) {
    return json(fail(ErrorCode.NOT_FOUND, Messages.NOT_FOUND), 404);
  }

  const db = await database();
  context.locals.database = db;

  if (isApi) {
    const response = await next();
    // A known endpoint asked with a method it does not have: Astro answers a bare 404.
    if (
      response.status === 404 &&
      !response.headers.get('content-type')?.includes('application/json')
    ) {
      return json(fail(ErrorCode.METHOD_NOT_ALLOWED, Messages.METHOD_NOT_ALLOWED), 405);
    }
    return response;
  }

  const match = matchRoute(url.pathname);
  if (!match) return next();
  if (!SAFE_METHODS.has(request.method)) {
    return new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
  }

  // A shop page: canonical URL first, then who is asking, then the guard.
  const { DEFAULT_SHOP_ID } = env();
  const storedShopId = cookies.get(SHOP_COOKIE)?.value;
  const canonical = canonicalLocation(
    url,
    isShopId(storedShopId) ? storedShopId : undefined,
    DEFAULT_SHOP_ID,
  );
  if (canonical) return context.redirect(canonical, 302);

  const shopId = url.searchParams.get('shopId')!;
  const { secure } = site;
  const sessionToken = cookies.get(SESSION_COOKIE)?.value;
  const inApp = isInApp(request.headers.get('user-agent'));
  // One statement: the content version and, for a session seen before, its user's version.
  const versions = await readVersions(db.db, knownUserId(sessionToken));
  const version = versions.content;
  context.locals.contentVersion = version;

  // A keeper's link is remembered (and counted) before anything may redirect (decision 022).
  if (!sessionToken && isShopId(shopId)) {
    await noteArrival(db.db, { shopId, params: url.searchParams, userId: null, cookies, secure });
  }

  // A visitor without a session on an open page sees what every such visitor sees: answer from
  // the kept rendering when there is a fresh one (src/lib/server/page-cache.ts).
  const pageKeyInput = {
    url,
    contentVersion: version,
    inApp,
    origin: site.origin,
    shopCookieSet: storedShopId === shopId,
  };
  // The shop first (from memory, per content version): its notice decides whether this visitor
  // may be answered like every other one.
  const shopResult = isShopId(shopId)
    ? await cachedContent(version, `shop:${shopId}`, () => getShopDetail(db.db, shopId)).catch(
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      )
    : new AppError(ErrorCode.NOT_FOUND, Messages.SHOP_NOT_FOUND);
  const noticeFirst =
    !(shopResult instanceof Error) &&
    noticeDue({
      shop: shopResult,
      route: match.route,
      seen: cookies.get(noticeCookieName(shopId))?.value,
      robot: isbot(request.headers.get('user-agent')),
    });
  const pageCacheKey =
    request.method === 'GET' &&
    !sessionToken &&
    !cookies.has(RETURN_COOKIE) &&
    !match.route.login &&
    !noticeFirst
      ? pageKey(pageKeyInput)
      : null;
  if (pageCacheKey) {
    const acceptEncoding = request.headers.get('accept-encoding');
    // When the kept rendering runs out, one request renders it again and the others wait for
    // it, instead of every request in flight rendering the same page at once.
    await waitForSharedRender(pageCacheKey);
    const kept = cachedPage(pageCacheKey, acceptEncoding);
    if (kept) {
      rememberShop(cookies, shopId, secure);
      return kept;
    }
    rendering.end = startSharedRender(pageCacheKey);
  }

  const [session, config] = await Promise.all([
    readViewer(db.db, sessionToken, isShopId(shopId) ? shopId : '', versions.user),
    // The shop's config map: the platform's entries with the shop's own values over them.
    isShopId(shopId)
      ? cachedContent(version, `config:${shopId}`, () => getConfigMap(db.db, shopId))
      : cachedContent(version, 'config', () => getConfigMap(db.db)),
  ]);
  if (shopResult instanceof Error) {
    if (!(shopResult instanceof AppError)) throw shopResult;
    // A remembered shop that no longer opens must not trap every later link.
    if (storedShopId === shopId) cookies.delete(SHOP_COOKIE, { path: '/' });
    context.locals.expiredCode = shopResult.code;
    return next('/shell/link-expired');
  }
  const shop = shopResult;
  const user = session?.user ?? null;
  if (sessionToken) {
    await noteArrival(db.db, {
      shopId: shop.shopId,
      params: url.searchParams,
      userId: user?.id ?? null,
      cookies,
      secure,
    });
  }
  context.locals.userVersion = session?.userVersion ?? null;
  let member = session?.member ?? null;
  let decision = guardRoute({
    url,
    route: match.route,
    inApp,
    loggedIn: user !== null,
    role: roleLetter(member),
    mayManage: member !== null && switchableRoles(member).includes(MemberRole.Manager),
    noticeDue: noticeFirst,
  });
  let toast: string | undefined;
  if (decision.kind === 'switch-to-manager') {
    // Only a member, and only on a navigation from the shop itself (or one the user typed): a
    // link on another site must not change anyone's role, as the switchRole call refuses too.
    if (user && member && isOwnNavigation(request.headers, site.host)) {
      await switchRole(db.db, { shopId: shop.shopId, userId: user.id, role: MemberRole.Manager });
      member = { ...member, currentRole: MemberRole.Manager };
      toast = decision.toast;
      decision = { kind: 'render', needLoginPopup: false };
    } else {
      // Refused rather than shown: the page says to switch to the manager role first.
      decision = { kind: 'refuse' };
    }
  }
  if (decision.kind === 'redirect') {
    if (decision.storeReturn) rememberReturn(cookies, decision.storeReturn, secure);
    return context.redirect(decision.location, 302);
  }

  rememberShop(cookies, shop.shopId, secure);
  // A room the shopper 预约'd is live: this page is theirs alone, with the notice (decision 028).
  const liveReminder =
    session !== null &&
    decision.kind === 'render' &&
    request.method === 'GET' &&
    (await liveReminderDue(db.db, {
      shopId: shop.shopId,
      userId: session.user.id,
      userVersion: session.userVersion,
      contentVersion: version,
    }));
  context.locals.liveReminder = liveReminder;
  // A signed-in shopper's own page, kept while their version and the content version stand.
  const userCache =
    session && decision.kind === 'render' && !toast && !liveReminder && request.method === 'GET'
      ? userPageCache({
          route: match.route,
          userId: session.user.id,
          userVersion: session.userVersion,
          key: pageKeyInput,
        })
      : null;
  if (userCache) {
    const kept = cachedPage(userCache.key, request.headers.get('accept-encoding'));
    if (kept) return kept;
  }
  // An open page rendered once for every signed-in shopper of the same kind, no person in it.
  const viewer = session && { userId: session.user.id, userVersion: session.userVersion };
  let sharedKey =
    session &&
    viewer &&
    decision.kind === 'render' &&
    !toast &&
    !liveReminder &&
    request.method === 'GET'
      ? sharedPageCache({
          route: match.route,
          kind: viewerKind(session.user, member),
          inApp,
          hasPhone: session.user.phone !== null,
          key: pageKeyInput,
        })
      : null;
  // The home page's owner identity prompt is the user's own: they get their own rendering.
  if (sharedKey && viewer && match.route.name === 'index') {
    if ((await ownerPrompt(db.db, shop.shopId, viewer, version)).needBind) sharedKey = null;
  }
  const fillValues = async () => ({
    cartCount: await cartCount(db.db, shop.shopId, viewer!),
    userId: viewer!.userId,
  });
  if (sharedKey) {
    const acceptEncoding = request.headers.get('accept-encoding');
    const kept = await sharedPage(sharedKey, acceptEncoding, fillValues);
    if (kept) return kept;
    // Someone is rendering it right now: take theirs.
    await waitForSharedRender(sharedKey);
    const rendered = await sharedPage(sharedKey, acceptEncoding, fillValues);
    if (rendered) return rendered;
    rendering.end = startSharedRender(sharedKey);
    context.locals.userVersion = null;
    context.locals.sharedRender = true;
  }
  context.locals.shell = makeShellContext({
    url,
    shop,
    route: match.route,
    params: match.params,
    user: sharedKey && user ? anonymousUser(user) : user,
    member,
    inApp,
    needLoginPopup: decision.kind === 'render' && decision.needLoginPopup,
    toast,
    config,
    storedShopId,
    defaultShopId: DEFAULT_SHOP_ID,
    site,
  });
  const response = await (decision.kind === 'refuse' ? next('/shell/forbidden') : next());
  if (response.headers.has('cache-control')) {
    return sharedKey ? await fillResponse(response, fillValues) : await whole(response);
  }
  // Kept-alive routes may come back from the back-forward cache; the others are always fresh.
  response.headers.set(
    'cache-control',
    match.route.keepAlive ? 'private, no-cache' : 'private, no-store',
  );
  const cookiesSet = [...cookies.headers()];
  const onlyShopCookie = cookiesSet.every((c) => c.startsWith(`${SHOP_COOKIE}=`));
  if (pageCacheKey && decision.kind === 'render' && onlyShopCookie) {
    return await keepPage(pageCacheKey, response);
  }
  if (userCache && onlyShopCookie) {
    return await keepPage(userCache.key, response, Date.now(), userCache.ttlMs);
  }
  if (sharedKey && decision.kind === 'render' && onlyShopCookie) {
    const kept = await keepPage(sharedKey, response);
    rendering.end();
    const acceptEncoding = request.headers.get('accept-encoding');
    const shared = await sharedPage(sharedKey, acceptEncoding, fillValues);
    // Not kept (not a 200 page): still this shopper's copy, with their values.
    return shared ?? (await fillResponse(kept, fillValues));
  }
  // A shared rendering is never answered as it is: always this shopper's copy.
  return sharedKey ? await fillResponse(response, fillValues) : await whole(response);
}

/**
 * The page read to its end before it is answered: a database fault half-way through rendering
 * then becomes the maintenance page instead of a page cut off under a 200 status.
 */
async function whole(response: Response): Promise<Response> {
  if (!response.body) return response;
  const { status, statusText, headers } = response;
  return new Response(await response.arrayBuffer(), { status, statusText, headers });
}
