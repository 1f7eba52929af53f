/**
 * The shell's front door (decision 045): a page request answered from a kept rendering before
 * the framework's pipeline, from memory only — the versions the server holds
 * (platform/versions.server.ts), the session held for them, the kept page and what it was kept
 * with (`FrontMeta`). It does for the request everything the middleware does on the same way
 * through (src/middleware.ts): the arrival of a keeper's link noted, the shop remembered, the
 * shop notice sent first when due, the same guard, the same cache keys and the same bytes and
 * headers; the server adds the security headers to every answer. Whatever it cannot answer so
 * (nothing kept, something to read first, a redirect, a toast, a notice) it leaves to the
 * framework, which renders as before.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isbot } from 'isbot';
import type { Database } from '#lib/platform/db/client.server.ts';
import { RequestCookies } from '#lib/platform/cookies.server.ts';
import { env } from '#lib/platform/env.server.ts';
import { siteOrigin } from '#lib/platform/origin.ts';
import {
  keptAnswer,
  keptMeta,
  pageKey,
  writeAnswer,
  type PageKeyInput,
  type WireAnswer,
} from '#lib/platform/page-cache.server.ts';
import { matchRoute, type RouteDef } from '#lib/platform/routes.ts';
import { knownContentVersion } from '#lib/platform/versions.server.ts';
import { SESSION_COOKIE, heldSession } from '#lib/identity/index.server.ts';
import { noteArrival } from '#lib/attribution/index.server.ts';
import { liveReminderDue, liveReminderHeld } from '#lib/live/index.server.ts';
import { RETURN_COOKIE, SHOP_COOKIE, isInApp, rememberShop } from './context.server.ts';
import { noticeCookieName } from './shop-notice.ts';
import {
  agreementPrompts,
  cartCount,
  filledSharedAnswer,
  heldViewerFill,
  ownerPrompt,
} from './signed-in.server.ts';
import { personalKeys } from './middleware/personal-cache.server.ts';
import type { FrontMeta } from './middleware/shop-page.server.ts';
import { viewerGuard } from './middleware/viewer.server.ts';

/** Route lookups by path: the route table is fixed, the paths shoppers open are few. */
const routes = new Map<string, RouteDef | null>();
const MAX_ROUTE_PATHS = 2_000;

function routeOf(pathname: string): RouteDef | null {
  let route = routes.get(pathname);
  if (route === undefined) {
    route = matchRoute(pathname)?.route ?? null;
    if (routes.size >= MAX_ROUTE_PATHS) routes.clear();
    routes.set(pathname, route);
  }
  return route;
}

/** Node's headers as the origin rules read them. */
function headerReader(req: IncomingMessage) {
  return {
    get(name: string): string | null {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(', ') : (value ?? null);
    },
  };
}

function isMeta(value: unknown): value is FrontMeta {
  return typeof value === 'object' && value !== null && 'shopId' in value && 'notice' in value;
}

/**
 * The front door on a database: answers a GET for a shop page from what is kept, or resolves
 * false without touching the response. Refused at once: anything with a body, the return cookie
 * (a sign-in under way), a URL the middleware would redirect (no shopId: it is added), the root.
 */
export function createFront(database: () => Promise<Pick<Database, 'db'>>) {
  return (req: IncomingMessage, res: ServerResponse) => answerKept(database, req, res);
}

async function answerKept(
  database: () => Promise<Pick<Database, 'db'>>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (req.method !== 'GET' || req.headers['content-length'] || req.headers['transfer-encoding']) {
    return false;
  }
  const contentVersion = knownContentVersion();
  const target = req.url ?? '';
  if (contentVersion === null || !target.startsWith('/') || target.startsWith('/?')) return false;
  const url = new URL(target, 'http://front');
  const shopId = url.searchParams.get('shopId');
  if (!shopId) return false;
  const cookies = new RequestCookies(req.headers.cookie);
  if (cookies.has(RETURN_COOKIE)) return false;

  const { PUBLIC_ORIGIN, TRUST_PROXY } = env();
  const site = siteOrigin({
    publicOrigin: PUBLIC_ORIGIN,
    trustProxy: TRUST_PROXY > 0,
    headers: headerReader(req),
    url,
  });
  const userAgent = req.headers['user-agent'] ?? null;
  const key: PageKeyInput = {
    url,
    contentVersion,
    inApp: isInApp(userAgent),
    origin: site.origin,
    shopCookieSet: cookies.get(SHOP_COOKIE)?.value === shopId,
  };
  // Whether the shop's notice is to be read first (shell/shop-notice.ts, noticeDue).
  const noticeDue = (meta: FrontMeta) =>
    meta.notice !== null &&
    cookies.get(noticeCookieName(meta.shopId))?.value !== meta.notice &&
    !isbot(userAgent);

  let answer: WireAnswer | null = null;
  let userId: number | null = null;
  const token = cookies.get(SESSION_COOKIE)?.value;
  if (!token) {
    // A visitor: the page every such visitor gets (middleware/anonymous-cache.server.ts).
    const kept = keptAnswer(pageKey(key), req.headers['accept-encoding']);
    if (!kept || !isMeta(kept.meta) || noticeDue(kept.meta)) return false;
    answer = kept.answer;
  } else {
    // A signed-in shopper: their own page or their kind's (middleware/viewer.server.ts and
    // personal-cache.server.ts), when everything about them is held.
    const route = routeOf(url.pathname);
    const session = route && heldSession(token, shopId);
    if (!route || !session) return false;
    const { userCache, sharedKey } = personalKeys({
      route,
      session,
      member: session.member,
      inApp: key.inApp,
      key,
    });
    const kept = userCache ? keptMeta(userCache.key) : sharedKey ? keptMeta(sharedKey) : null;
    if (!kept || !isMeta(kept.meta)) return false;
    const decision = viewerGuard({
      url,
      route,
      inApp: key.inApp,
      loggedIn: true,
      member: session.member,
      noticeDue: noticeDue(kept.meta),
    });
    if (decision.kind !== 'render') return false;
    // What is held in memory answers at once; only a miss waits for a read.
    const db = async () => (await database()).db;
    const viewer = { userId: session.user.id, userVersion: session.userVersion };
    const who = { shopId, userId: viewer.userId, userVersion: viewer.userVersion, contentVersion };
    if (liveReminderHeld(who) ?? (await liveReminderDue(await db(), who))) return false;
    if (userCache) {
      answer = keptAnswer(userCache.key, req.headers['accept-encoding'])?.answer ?? null;
    } else if (sharedKey) {
      if (
        route.name === 'index' &&
        (await ownerPrompt(await db(), shopId, viewer, contentVersion)).needBind
      ) {
        return false;
      }
      const held = heldViewerFill(shopId, viewer, contentVersion, session.member);
      const agreements =
        held?.agreements ??
        (await agreementPrompts(await db(), shopId, viewer, contentVersion, session.member));
      // An agreement to accept: the user's own rendering, which the framework makes.
      if (agreements.length) return false;
      const count = held?.cartCount ?? (await cartCount(await db(), shopId, viewer));
      answer = filledSharedAnswer(sharedKey, req.headers['accept-encoding'], {
        cartCount: count,
        userId: viewer.userId,
      });
    }
    if (!answer) return false;
    userId = viewer.userId;
  }

  // What the shop context and viewer steps do on the way: a keeper's link noted (it may read and
  // write the database), the shop remembered.
  await noteArrival((await database()).db, {
    shopId,
    params: url.searchParams,
    userId,
    cookies,
    secure: site.secure,
  });
  rememberShop(cookies, shopId, site.secure);
  writeAnswer(res, answer, cookies.setCookies);
  return true;
}
