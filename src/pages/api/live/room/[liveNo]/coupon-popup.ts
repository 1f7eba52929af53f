import { LiveContracts } from '#lib/live/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { findRoom } from '#lib/live/index.server.ts';
import { popupFor } from '#lib/coupons/index.server.ts';
import { getSessionUser, SESSION_COOKIE } from '#lib/identity/index.server.ts';

/** The room's coupon popup with the coupons this shopper may still draw (a visitor: null). */
export const GET = endpoint(LiveContracts.couponPopup, async ({ params, query, context }) => {
  const db = context.locals.database.db;
  const room = await findRoom(db, params.liveNo, query.shopBizCode);
  const user = await getSessionUser(db, context.cookies.get(SESSION_COOKIE)?.value);
  return popupFor(db, {
    shopId: room.shopId,
    userId: user?.id ?? null,
    pageCode: 'live_page',
    liveNo: room.liveNo,
  });
});
