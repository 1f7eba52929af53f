/**
 * `?back=<path>`: where a page returns when it is done (新增收货地址 from the order confirmation,
 * 实名认证 before a cross-border order). Only a path of this site that is a page of the route
 * table is followed; anything else (another site, a scheme, `//host`, `/\host`, an unknown path)
 * is ignored, so a link cannot send a shopper off the shop after they saved.
 */
import { matchRoute } from '#lib/platform/routes.ts';

/** The page to return to, as `/path?query` (no fragment), or null when `raw` is not one. */
export function backTarget(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  const path = safeReturnPath(raw);
  if (!path) return null;
  let url: URL;
  try {
    url = new URL(path, 'http://shop.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://shop.invalid') return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\\') || pathname.startsWith('//')) return null;
  if (!matchRoute(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}

/** The back target with one query value set: `/confirmationOrder?shopId=1001&addressId=7`. */
export function withQuery(target: string, key: string, value: string | number): string {
  const url = new URL(target, 'http://shop.invalid');
  url.searchParams.set(key, String(value));
  return `${url.pathname}${url.search}`;
}

/** A stored return URL is only followed when it is a path of this site. */
export function safeReturnPath(value: string | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return null;
  // Browsers drop tabs and newlines from URLs: "/\t/evil" would become "//evil".
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}
