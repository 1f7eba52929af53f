/**
 * The request context of a shop page: who is asking, in which shop, on which route, and the link
 * builder bound to the current page. Built by the middleware, read by layouts and pages.
 */
import type { CookieJar } from '#lib/platform/cookies.server.ts';
import { buildLink, type LinkTarget } from '#lib/platform/links.ts';
import type { SiteOrigin } from '#lib/platform/origin.ts';
import { roleLetter } from '#lib/membership/index.ts';
import type { RoleLetter, RouteDef } from '#lib/platform/routes.ts';
import type { ConfigMap } from '#lib/shop/index.server.ts';
import type { SessionUser, ShopMembership } from '#lib/identity/index.server.ts';
import type { ShopDetail } from '#lib/shop/index.server.ts';

export const SHOP_COOKIE = 'shop_id';
export const RETURN_COOKIE = 'shop_return';

export interface ShellContext {
  /** The origin shoppers use (src/lib/platform/origin.ts): for absolute URLs. */
  origin: string;
  shop: ShopDetail;
  route: RouteDef;
  params: Record<string, string>;
  user: SessionUser | null;
  member: ShopMembership | null;
  role: RoleLetter;
  inApp: boolean;
  needLoginPopup: boolean;
  /** A message the page shows once as a toast when it opens (e.g. an automatic role switch). */
  toast?: string | undefined;
  config: ConfigMap;
  link(target: LinkTarget): string;
}

/** A user agent containing MicroMessenger means "inside the messaging app" (DESIGN.md). */
export function isInApp(userAgent: string | null): boolean {
  return userAgent?.includes('MicroMessenger') ?? false;
}

export function makeShellContext(input: {
  url: URL;
  shop: ShopDetail;
  route: RouteDef;
  params: Record<string, string>;
  user: SessionUser | null;
  member: ShopMembership | null;
  inApp: boolean;
  needLoginPopup: boolean;
  toast?: string | undefined;
  config: ConfigMap;
  storedShopId: string | undefined;
  defaultShopId: string;
  site: SiteOrigin;
}): ShellContext {
  const { url, route, storedShopId, defaultShopId, site, ...rest } = input;
  const linkContext = {
    query: url.searchParams,
    storedShopId,
    defaultShopId,
    currentSpm: route.spm,
  };
  return {
    ...rest,
    origin: site.origin,
    route,
    role: roleLetter(input.member),
    link: (target) => buildLink(target, linkContext),
  };
}

const YEAR = 365 * 86_400;

export function rememberShop(cookies: CookieJar, shopId: string, secure: boolean): void {
  if (cookies.get(SHOP_COOKIE)?.value === shopId) return;
  cookies.set(SHOP_COOKIE, shopId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: YEAR,
  });
}

export function rememberReturn(cookies: CookieJar, path: string, secure: boolean): void {
  cookies.set(RETURN_COOKIE, path, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: 86_400,
  });
}
