/**
 * 可用商品's read: the coupon (one the shopper holds, read with the rules it was claimed with, or
 * one of the shop's) and a page of the products on sale it applies to; null when there is none.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { AppError } from '#lib/platform/errors.ts';
import { isRowId } from '#lib/platform/ids.ts';
import { COUPON_PRODUCTS_PAGE_SIZE } from '../calls.ts';
import { couponProducts, heldOffer, templateOffer } from '../products.server.ts';

export async function readCouponOfferListPage(
  db: DbOrTx,
  input: {
    shopId: string;
    userId: number;
    couponId: string | undefined;
    userCouponId: string | undefined;
    page: number;
  },
) {
  const { shopId } = input;
  let found: Awaited<ReturnType<typeof templateOffer>> | null = null;
  try {
    if (isRowId(input.userCouponId)) {
      found = await heldOffer(db, {
        shopId,
        userId: input.userId,
        userCouponId: Number(input.userCouponId),
      });
    } else if (isRowId(input.couponId)) {
      found = await templateOffer(db, { shopId, couponId: Number(input.couponId) });
    }
  } catch (error) {
    // Another's coupon, or one that is gone: the page says it is not there.
    if (!(error instanceof AppError)) throw error;
  }
  if (!found) return null;
  const result = await couponProducts(db, {
    shopId,
    rules: found.rules,
    pageNum: input.page,
    pageSize: COUPON_PRODUCTS_PAGE_SIZE,
  });
  return { coupon: found.offer, result };
}
