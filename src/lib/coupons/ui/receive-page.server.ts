/**
 * 领取优惠券's one read: the shared coupon as this shopper may draw it, and who the link says
 * shared it (for display only: nothing is decided by it); or, for a shop keeper opening the
 * page without a coupon, what they can share, links naming them.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { handoutCoupon, linkSharer, shareableCoupons } from '../share.server.ts';

export async function readReceiveCouponPage(
  db: DbOrTx,
  input: {
    shopId: string;
    userId: number;
    origin: string;
    isKeeper: boolean;
    /** Undefined when the link names no coupon; null when it names one that is no id. */
    couponId: number | null | undefined;
    distributorId: number | null;
  },
) {
  const { shopId, userId, couponId } = input;
  const coupon =
    couponId == null ? null : await handoutCoupon(db, { shopId, scene: 'share', couponId, userId });
  const sharer = coupon
    ? await linkSharer(db, { shopId, distributorId: input.distributorId })
    : null;
  const shareList =
    couponId === undefined && input.isKeeper
      ? await shareableCoupons(db, { shopId, distributorId: userId, origin: input.origin })
      : null;
  return { coupon, sharer, shareList };
}

export type ReceiveCouponPage = Awaited<ReturnType<typeof readReceiveCouponPage>>;
