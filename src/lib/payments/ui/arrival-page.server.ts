/**
 * 支付成功's one read: the shopper's payment as stored; once paid, the shop's official account
 * (to follow for this order's shipping notices) and whether a coupon given after payment may
 * still be drawn. Null when the number names no payment of this shopper.
 */
import { Errors } from '#lib/errors.ts';
import { AppError } from '#lib/platform/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { officialAccountQr } from '#lib/shop/index.server.ts';
import { handoutCoupons } from '#lib/coupons/index.server.ts';
import { readArrival } from '../payments.server.ts';

const PAYMENT_NO = /^[A-Z0-9]{6,40}$/;

export async function readArrivalPage(
  db: DbOrTx,
  input: { shopId: string; userId: number; paymentNo: string },
) {
  const paymentNo = input.paymentNo.trim().toUpperCase();
  if (!PAYMENT_NO.test(paymentNo)) return null;
  let arrival;
  try {
    arrival = await readArrival(db, { shopId: input.shopId, userId: input.userId, paymentNo });
  } catch (error) {
    if (error instanceof AppError && error.code === Errors.PAYMENT_NOT_FOUND.code) return null;
    throw error;
  }
  const paid = arrival.state === 'paid';
  const [follow, payGift] = await Promise.all([
    paid ? officialAccountQr(db, input.shopId) : null,
    paid
      ? handoutCoupons(db, { shopId: input.shopId, scene: 'pay', userId: input.userId }).then(
          (coupons) => coupons.some((c) => c.state === 'draw'),
        )
      : false,
  ]);
  return { arrival, follow, payGift };
}

export type ArrivalPage = NonNullable<Awaited<ReturnType<typeof readArrivalPage>>>;
