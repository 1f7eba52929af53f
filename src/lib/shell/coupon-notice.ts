/**
 * Whether a page carries the coupon notice (shell §4): for a signed-in user, on routes whose
 * `couponNotice` column is on, and not on register opened from a mini-program share
 * (shareChannel 2). Whether it shows then depends on the count (notices.ts). Pure.
 */
import type { RouteDef } from '#lib/platform/routes.ts';

export function carriesCouponNotice(input: {
  signedIn: boolean;
  route: Pick<RouteDef, 'name' | 'couponNotice'>;
  query: URLSearchParams;
}): boolean {
  if (!input.signedIn || !input.route.couponNotice) return false;
  return !(input.route.name === 'register' && input.query.get('shareChannel') === '2');
}
