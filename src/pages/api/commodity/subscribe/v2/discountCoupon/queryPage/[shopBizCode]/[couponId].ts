import { CouponContracts } from '#lib/coupons/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { couponProducts, templateOffer } from '#lib/coupons/index.server.ts';

/** 可用商品: the coupon and one page of the products on sale it applies to. */
export const POST = endpoint(CouponContracts.couponProducts, async ({ params, body, context }) => {
  const db = context.locals.database.db;
  const shopId = params.shopBizCode;
  const { offer, rules } = await templateOffer(db, { shopId, couponId: params.couponId });
  const page = await couponProducts(db, { shopId, rules, ...body });
  return { coupon: offer, ...page, ...body };
});
