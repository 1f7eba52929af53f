/**
 * 确认订单's query: 立即购买 (`skuNo`, `quantity`) or the cart's selected lines; the address,
 * insurance and coupon the shopper chose; whether the price changed on submit.
 */
import { z } from 'zod';
import { MAX_PIECES_PER_SKU } from '#lib/cart/index.ts';
import { matching } from '#lib/platform/page-query.ts';

const toNumber = (value: string | undefined) => (value === undefined ? undefined : Number(value));

export const CHECKOUT_QUERY = {
  skuNo: matching(/^[A-Za-z0-9-]{1,40}$/),
  quantity: matching(/^\d{1,2}$/).transform(toNumber),
  addressId: matching(/^\d{1,15}$/).transform(toNumber),
  insured: matching(/^1$/).transform((value) => value !== undefined),
  /** One of the shopper's coupons, `none` (null), or absent for the best one (undefined). */
  userCouponId: z
    .union([
      z.literal('none').transform(() => null),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ])
    .optional()
    .catch(undefined),
  priceChanged: matching(/^1$/).transform((value) => value !== undefined),
};

type CheckoutQuery = z.infer<z.ZodObject<typeof CHECKOUT_QUERY>>;
/** 立即购买's SKU and its pieces (1 to the cap), or nothing for the cart's lines. */
export function directPurchase(query: CheckoutQuery) {
  return query.skuNo === undefined
    ? null
    : {
        skuNo: query.skuNo,
        quantity: Math.min(Math.max(query.quantity ?? 1, 1), MAX_PIECES_PER_SKU),
      };
}
