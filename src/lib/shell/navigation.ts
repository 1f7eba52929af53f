/**
 * The shell's navigation rules, as pure decisions the middleware carries out (shell §2, §4, §5;
 * commerce §2 route guard): first `canonicalLocation`, then `guardRoute`, each in its order.
 */
import type { RoleLetter, RouteDef } from '#lib/platform/routes.ts';
import { RETURNED_FROM_AUTH, memberAuthUrl } from '#lib/platform/answers.ts';
import { carryQuery } from '#lib/platform/carry.ts';
import { Messages } from '#lib/platform/errors.ts';
import { roleAllows } from '#lib/membership/index.ts';

/** Query keys the messaging app appends to shared links (shell §5); stripped with a redirect. */
export const MESSAGING_APP_KEYS = ['from', 'scene', 'subscene', 'clicktime'] as const;

/**
 * The shop's own `from` markers stay: `qrcode` (it skips the version check) and `cart` (the cart's
 * 去结算 to confirmationOrder).
 */
const KEPT_FROM_VALUES = new Set(['qrcode', 'cart']);

export type NavigationDecision =
  | { kind: 'render'; needLoginPopup: boolean }
  /** Switch the user to manager, then render the page with this toast (shell §6). */
  | { kind: 'switch-to-manager'; toast: string }
  | { kind: 'redirect'; location: string; storeReturn?: string }
  | { kind: 'refuse' };

export interface GuardInput {
  url: URL;
  route: RouteDef;
  inApp: boolean;
  loggedIn: boolean;
  role: RoleLetter;
  /** The user may switch to manager (an administrator or maxRole 4). */
  mayManage: boolean;
  /**
   * The shop's notice is on and this browser has not seen its text (shell/shop-notice.ts
   * `noticeDue`): the visitor reads it on insideTips first.
   */
  noticeDue?: boolean;
}

/** The URL without the messaging app's extra query, or null when there is none to strip. */
export function stripMessagingQuery(url: URL): URL | null {
  const stripped = new URL(url);
  let changed = false;
  for (const key of MESSAGING_APP_KEYS) {
    const value = stripped.searchParams.get(key);
    if (value === null || (key === 'from' && KEPT_FROM_VALUES.has(value))) continue;
    stripped.searchParams.delete(key);
    changed = true;
  }
  return changed ? stripped : null;
}

export function pathAndQuery(url: URL): string {
  return `${url.pathname}${url.search}`;
}

/** The `referrer` login_web returns to: the route name and its query. */
export function loginReferrer(route: RouteDef, url: URL): string {
  return JSON.stringify({ name: route.name, query: Object.fromEntries(url.searchParams) });
}

/**
 * First rules, before anything is looked up: strip the messaging app's query, and put the shop
 * into the URL (query → stored context → default) so every page URL can be shared as it is.
 */
export function canonicalLocation(
  url: URL,
  storedShopId: string | undefined,
  defaultShopId: string,
): string | null {
  const stripped = stripMessagingQuery(url);
  if (stripped) return pathAndQuery(stripped);
  if (!url.searchParams.get('shopId')) {
    const withShop = new URL(url);
    withShop.searchParams.set('shopId', storedShopId || defaultShopId);
    return pathAndQuery(withShop);
  }
  return null;
}

/** Then the guard, once the shop is known to exist. */
export function guardRoute(input: GuardInput): NavigationDecision {
  const { url, route } = input;

  if (url.searchParams.get('shopNotice') === 'ON' && route.name !== 'insideTips') {
    const tips = new URL(url);
    tips.pathname = '/insideTips';
    // Once read, the notice is not shown again on the way back.
    const onward = new URL(url);
    onward.searchParams.set('shopNotice', 'OFF');
    return { kind: 'redirect', location: pathAndQuery(tips), storeReturn: pathAndQuery(onward) };
  }

  if (input.noticeDue && route.name !== 'insideTips') {
    // The owner's notice: insideTips with the same query, then on to the page asked for as it
    // was (insideTips marks the text read in this browser, so the way back is not sent again).
    const tips = new URL(url);
    tips.pathname = '/insideTips';
    return { kind: 'redirect', location: pathAndQuery(tips), storeReturn: pathAndQuery(url) };
  }

  if (!input.inApp && route.posterOnly) {
    const poster = new URL(url);
    poster.pathname = '/orderPosterEnv';
    // The poster leads to the shop-keeper application unless it stands in for another page.
    if (route.name !== 'register') poster.searchParams.set('target', route.name);
    return { kind: 'redirect', location: pathAndQuery(poster) };
  }

  if (route.login && !input.loggedIn) {
    // Inside the messaging app, logged in means the app's identity: member auth, then back here.
    // Back from it (rdt) and still logged out: the plain-browser rules below, so it never loops.
    if (input.inApp && !url.searchParams.has(RETURNED_FROM_AUTH)) {
      const back = new URL(url);
      back.searchParams.set(RETURNED_FROM_AUTH, '1');
      return { kind: 'redirect', location: memberAuthUrl(back) };
    }
    if (route.loginPopup) return { kind: 'render', needLoginPopup: true };
    const query = carryQuery(new URLSearchParams({ referrer: loginReferrer(route, url) }), {
      query: url.searchParams,
      defaultShopId: url.searchParams.get('shopId') ?? '',
      currentSpm: route.spm,
    });
    return {
      kind: 'redirect',
      location: `/login_web?${query.toString()}`,
      storeReturn: pathAndQuery(url),
    };
  }

  if (input.loggedIn && !roleAllows(route, input.role)) {
    if (route.switchesToManager && input.mayManage)
      return { kind: 'switch-to-manager', toast: Messages.SWITCHED_TO_MANAGER };
    return { kind: 'refuse' };
  }
  return { kind: 'render', needLoginPopup: false };
}
