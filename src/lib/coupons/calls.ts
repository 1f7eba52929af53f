/**
 * The inputs and bounds of the coupon calls for the checkout, the product page and 可用商品
 * (isomorphic: zod and constants, for contracts.ts). The checkout calls take the order preview's
 * own body (orders/contracts.ts), so they price exactly what the confirmation page prices.
 */
import { z } from 'zod';
import { rowIdSchema } from '#lib/platform/id-schemas.ts';
import { OrderContracts } from '#lib/orders/index.ts';

/** A coupon template's id in a query or a path. */
export const couponIdText = rowIdSchema('优惠券编号格式不正确').transform(Number);

export const productNoText = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, '商品编号格式不正确');

/** The order preview's body: what is bought, the address, insurance, the coupon choice. */
export const checkoutBody = OrderContracts.preview.body;

/** The same without a coupon choice (recommendCoupons weighs them all). */
export const checkoutLinesBody = (({ userCouponId: _, ...lines }) => lines)(checkoutBody);

/** selectCoupon: the checkout and the coupon chosen, a user coupon's id or 'none'. */
export const selectCouponBody = {
  ...checkoutLinesBody,
  userCouponId: z.union([rowIdSchema('优惠券编号格式不正确'), z.literal('none')], {
    error: '请选择优惠券',
  }),
};

/** The most products one page of 可用商品 answers. */
export const COUPON_PRODUCTS_PAGE_MAX = 50;
export const COUPON_PRODUCTS_PAGE_SIZE = 20;

/** How the coupon recommendation ranks: 1 热销 (best sellers), 2 凑单 (the cheapest first). */
export const RECOMMEND_TYPES = ['1', '2'] as const;
export type RecommendType = (typeof RECOMMEND_TYPES)[number];
export const COUPON_RECOMMEND_LIMIT = 10;
