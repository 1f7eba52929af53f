/**
 * The order actions of the browser.
 */
import type { PlacedOrder } from './contracts.ts';
import { call } from '#lib/platform/client.ts';
import * as OrderEndpoints from './endpoints.ts';

export interface PlaceOrderRequest {
  shopId: string;
  source: { skuNo: string; quantity: number } | null;
  addressId: number;
  remark: string;
  /** Insured with freight insurance, as the confirmation showed. */
  insured: boolean;
  /** The coupon the confirmation showed; null for none. */
  userCouponId: number | null;
  quote: string;
  idempotencyKey: string;
}

/** 提交订单; rejects with the client's ApiError (its toast left to the caller). */
export async function placeOrder(request: PlaceOrderRequest): Promise<PlacedOrder> {
  return call(
    OrderEndpoints.create,
    {
      query: { shopBizCode: request.shopId },
      body: {
        ...(request.source ?? {}),
        addressId: String(request.addressId),
        ...(request.remark ? { remark: request.remark } : {}),
        ...(request.insured ? { insured: true } : {}),
        ...(request.userCouponId !== null ? { userCouponId: String(request.userCouponId) } : {}),
        quote: request.quote,
        idempotencyKey: request.idempotencyKey,
      },
    },
    { silent: true },
  );
}
