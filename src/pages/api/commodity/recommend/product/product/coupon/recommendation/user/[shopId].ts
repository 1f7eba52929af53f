import { CouponContracts } from '#lib/coupons/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { couponRecommendation, templateOffer } from '#lib/coupons/index.server.ts';

/** A short list of the products on sale the coupon applies to (type 1 热销, 2 凑单). */
export const POST = endpoint(
  CouponContracts.couponRecommendation,
  async ({ params, query, context }) => {
    // The query may repeat the shop; it must be the same one.
    if (query.shopId !== undefined && query.shopId !== params.shopId) {
      throw appError(Errors.COUPON_SHOP_MISMATCH);
    }
    const db = context.locals.database.db;
    const { rules } = await templateOffer(db, { shopId: params.shopId, couponId: query.couponId });
    return {
      list: await couponRecommendation(db, { shopId: params.shopId, rules, type: query.type }),
    };
  },
);
