/**
 * The middleware's personal cache step, the last before the page: a signed-in shopper's own page
 * is kept while their version and the content version stand, and an open page is rendered once
 * for every signed-in shopper of the same kind, no person in it, and filled with this shopper's
 * values (decision 015). It then puts `Astro.locals.shell` together, renders the page and says
 * how fresh the answer is: a page's own cache-control stands; kept-alive routes may come back
 * from the back-forward cache, the others are always fresh.
 */
import type { MiddlewareHandler } from 'astro';
import { env } from '#lib/platform/env.server.ts';
import {
  PAGE_TTL_MS,
  cachedPage,
  keepPage,
  type PageKeyInput,
} from '#lib/platform/page-cache.server.ts';
import type { RouteDef } from '#lib/platform/routes.ts';
import type { SessionRead, ShopMembership } from '#lib/identity/index.server.ts';
import { SHOP_COOKIE, makeShellContext } from '#lib/shell/context.server.ts';
import {
  agreementPrompts,
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
import { frontMeta, whole } from './shop-page.server.ts';

/**
 * The kept renderings that may answer a signed-in shopper: their own page (routes kept per user)
 * or their kind's (open pages), the same here and at the front door.
 */
export function personalKeys(input: {
  route: RouteDef;
  session: SessionRead;
  member: ShopMembership | null;
  inApp: boolean;
  key: PageKeyInput;
}): { userCache: { key: string; ttlMs: number } | null; sharedKey: string | null } {
  const { route, session, member, inApp, key } = input;
  return {
    userCache: userPageCache({
      route,
      userId: session.user.id,
      userVersion: session.userVersion,
      key,
    }),
    sharedKey: sharedPageCache({
      route,
      kind: viewerKind(session.user, member),
      inApp,
      hasPhone: session.user.phone !== null,
      key,
    }),
  };
}

export const personalCache: MiddlewareHandler = async (context, next) => {
  const page = context.locals.shopPage;
  if (!page?.viewer) return next();
  const { request, cookies } = context;
  const { route, shop } = page;
  const { session, member, decision, toast, liveReminder } = page.viewer;
  const db = context.locals.database.db;
  const acceptEncoding = request.headers.get('accept-encoding');
  const rendered = decision.kind === 'render';
  const personal =
    session !== null && rendered && !toast && !liveReminder && request.method === 'GET';

  const viewer = session && { userId: session.user.id, userVersion: session.userVersion };
  const keys =
    personal && session
      ? personalKeys({ route, session, member, inApp: page.inApp, key: page.cacheKey })
      : { userCache: null, sharedKey: null };
  // A signed-in shopper's own page, kept while their version and the content version stand.
  const { userCache } = keys;
  if (userCache) {
    const kept = cachedPage(userCache.key, acceptEncoding);
    if (kept) return kept;
  }
  // An open page rendered once for every signed-in shopper of the same kind, no person in it.
  let { sharedKey } = keys;
  // The home page's owner identity prompt is the user's own: they get their own rendering.
  if (sharedKey && viewer && route.name === 'index') {
    if ((await ownerPrompt(db, shop.shopId, viewer, page.versions.content)).needBind) {
      sharedKey = null;
    }
  }
  // So is a prompt to accept an agreement (a new version, the keeper's contract).
  if (sharedKey && viewer) {
    if ((await agreementPrompts(db, shop.shopId, viewer, page.versions.content, member)).length) {
      sharedKey = null;
    }
  }
  const fillValues = async () => ({
    cartCount: await cartCount(db, shop.shopId, viewer!),
    userId: viewer!.userId,
  });

  let endRender = () => {};
  try {
    if (sharedKey) {
      const kept = await sharedPage(sharedKey, acceptEncoding, fillValues);
      if (kept) return kept;
      // Someone is rendering it right now: take theirs.
      await waitForSharedRender(sharedKey);
      const rendering = await sharedPage(sharedKey, acceptEncoding, fillValues);
      if (rendering) return rendering;
      endRender = startSharedRender(sharedKey);
      context.locals.userVersion = null;
      context.locals.sharedRender = true;
    }
    const user = session?.user ?? null;
    context.locals.shell = makeShellContext({
      url: page.url,
      shop,
      route,
      params: page.params,
      user: sharedKey && user ? anonymousUser(user) : user,
      member,
      inApp: page.inApp,
      needLoginPopup: decision.kind === 'render' && decision.needLoginPopup,
      toast,
      config: page.config,
      storedShopId: page.storedShopId,
      defaultShopId: env().DEFAULT_SHOP_ID,
      site: context.locals.site,
    });

    const response = await next();
    // A shared rendering is never answered as it is: always this shopper's copy.
    const answer = (r: Response) => (sharedKey ? fillResponse(r, fillValues) : whole(r));
    if (response.headers.has('cache-control')) return await answer(response);
    response.headers.set(
      'cache-control',
      route.keepAlive ? 'private, no-cache' : 'private, no-store',
    );
    const onlyShopCookie = [...cookies.headers()].every((c) => c.startsWith(`${SHOP_COOKIE}=`));
    // The anonymous cache step keeps it for every visitor.
    page.keepable = rendered && onlyShopCookie;
    if (userCache && onlyShopCookie) {
      return await keepPage(userCache.key, response, Date.now(), userCache.ttlMs, frontMeta(page));
    }
    if (sharedKey && page.keepable) {
      const kept = await keepPage(sharedKey, response, Date.now(), PAGE_TTL_MS, frontMeta(page));
      endRender();
      const shared = await sharedPage(sharedKey, acceptEncoding, fillValues);
      // Not kept (not a 200 page): still this shopper's copy, with their values.
      return shared ?? (await fillResponse(kept, fillValues));
    }
    return await answer(response);
  } finally {
    endRender();
  }
};
