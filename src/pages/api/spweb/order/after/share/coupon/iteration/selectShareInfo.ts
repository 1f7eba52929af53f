import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { isRowId } from '#lib/platform/ids.ts';
import { couponShareInfo, linkSharer } from '#lib/coupons/index.server.ts';

/**
 * A receive page's share card. The link names the caller only when they are a shop keeper of the
 * shop; the page's distributorId (added by the request client) only picks the sharer shown.
 */
export const GET = endpoint(CouponContracts.handoutShareInfo, async ({ query, user, context }) => {
  const db = context.locals.database.db;
  const shopId = query.shopBizCode;
  const shown = context.url.searchParams.get('distributorId');
  const [own, sharer] = await Promise.all([
    linkSharer(db, { shopId, distributorId: user.id }),
    linkSharer(db, { shopId, distributorId: isRowId(shown) ? Number(shown) : null }),
  ]);
  const card = await couponShareInfo(db, {
    shopId,
    couponId: query.couponId,
    distributorId: own ? user.id : null,
    origin: context.locals.site.origin,
  });
  return { ...card, sharer };
});
