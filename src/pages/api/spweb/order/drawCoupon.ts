import { CouponContracts } from '#lib/coupons/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { drawForBrand } from '#lib/coupons/index.server.ts';

/** 领取 on a brand page; without the brand: 参数缺失！ (shell §8). */
export const POST = endpoint(
  CouponContracts.drawForBrand,
  async ({ query, body, user, context }) => {
    if (body.brandId === undefined) throw appError(Errors.PARAM_MISSING);
    return drawForBrand(context.locals.database.db, {
      shopId: query.shopBizCode,
      userId: user.id,
      couponId: body.couponId,
      brandId: body.brandId,
    });
  },
);
