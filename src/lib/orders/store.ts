/**
 * The order actions of the browser: the request client and the contracts (zod) load on first
 * use, as the cart's do, so a page's first load stays small.
 */
import type { PlacedOrder } from './contracts.ts';

async function client() {
  const [{ call }, { OrderEndpoints }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./endpoints.ts'),
  ]);
  return { call, OrderEndpoints };
}

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
  const { call, OrderEndpoints } = await client();
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
