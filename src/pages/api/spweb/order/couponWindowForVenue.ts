import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { popupFor } from '#lib/coupons/index.server.ts';
import { getSessionUser, SESSION_COOKIE } from '#lib/identity/index.server.ts';

/** The coupon popup of a venue for the caller; null when there is none for them. */
export const GET = endpoint(CouponContracts.venuePopup, async ({ query, context }) => {
  const db = context.locals.database.db;
  const user = await getSessionUser(db, context.cookies.get(SESSION_COOKIE)?.value);
  return popupFor(db, {
    shopId: query.shopBizCode,
    userId: user?.id ?? null,
    pageCode: 'venue_page',
    venueRef: query.venueId,
  });
});
