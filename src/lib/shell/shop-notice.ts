/**
 * The shop notice the owner turns on (store-setting; shell §4 "Shop notice"): a visitor first
 * lands on insideTips, once per browser and notice text. insideTips leaves a cookie per shop
 * holding a stamp of the text it showed; a new text has a new stamp, so it is shown again.
 * Pure and isomorphic: the middleware decides, insideTips writes the cookie.
 */
import type { RouteDef } from '#lib/platform/routes.ts';

/** The cookie of shop `shopId` (shop ids are [A-Za-z0-9_-], valid in a cookie name). */
export function noticeCookieName(shopId: string): string {
  return `shop_notice_${shopId}`;
}

/** A short stamp of the notice text (FNV-1a, 32 bits, hex): tells one text from another. */
export function noticeStamp(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * Pages a notice stands in front of: the shopper's pages. Not insideTips itself, not the pages
 * only a keeper or manager opens (the owner must reach store-setting), and not where a shopper is
 * in the middle of something — ordering, paying, a live room, an agreement, a login form: the
 * routes the coupon notice stays off too (shell §4 blacklist). The next shopper page shows it.
 */
export function noticeGuards(route: RouteDef): boolean {
  if (route.name === 'insideTips' || route.loginForm || !route.couponNotice) return false;
  return route.roles.length === 0 || route.roles.includes('C');
}

/** Whether this visitor is sent to insideTips first: the notice is on and its text unseen here. */
export function noticeDue(input: {
  shop: { shopNotice: 'ON' | 'OFF'; noticeText: string };
  route: RouteDef;
  /** The visitor's cookie of this shop's notice, if any. */
  seen: string | undefined;
  /**
   * A search engine or link-preview robot: it keeps no cookie and would read only insideTips, so
   * it reads the page it asked for (brand and product pages must stay readable to them).
   */
  robot?: boolean;
}): boolean {
  const { shop } = input;
  if (input.robot || shop.shopNotice !== 'ON' || shop.noticeText === '') return false;
  return noticeGuards(input.route) && input.seen !== noticeStamp(shop.noticeText);
}
