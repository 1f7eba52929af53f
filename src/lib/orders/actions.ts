/**
 * The browser side of the order pages' buttons: each calls one order contract. The request client
 * and the contracts (zod) load on first use, so a page's first load stays small.
 */
import type { CarrierCode } from './carriers.ts';

async function client() {
  const [{ call }, { OrderEndpoints }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./endpoints.ts'),
  ]);
  return { call, OrderEndpoints };
}

/** The page's shop, named explicitly: inside the messaging app the client adds no shopBizCode. */
const shopQuery = () => ({ shopBizCode: document.body.dataset.shopId ?? '' });

export async function cancelOrder(orderNo: string, reason: string): Promise<void> {
  const { call, OrderEndpoints } = await client();
  await call(OrderEndpoints.cancel, { query: shopQuery(), body: { orderNo, reason } });
}

export async function refundLine(orderNo: string, lineId: number, reason: string): Promise<void> {
  const { call, OrderEndpoints } = await client();
  await call(OrderEndpoints.cancelLine, { query: shopQuery(), body: { orderNo, lineId, reason } });
}

export async function hideOrder(orderNo: string): Promise<void> {
  const { call, OrderEndpoints } = await client();
  await call(OrderEndpoints.hide, { query: { ...shopQuery(), orderNo } });
}

export async function confirmReceipt(orderNo: string): Promise<void> {
  const { call, OrderEndpoints } = await client();
  await call(OrderEndpoints.confirmReceipt, { params: { id: orderNo }, query: shopQuery() });
}

/** A new address: before payment on the order itself, after it while the order is picked. */
export async function changeAddress(
  orderNo: string,
  addressId: string,
  paid: boolean,
): Promise<void> {
  const { call, OrderEndpoints } = await client();
  const contract = paid ? OrderEndpoints.changeAddressWhenPicking : OrderEndpoints.updateAddress;
  await call(contract, { query: shopQuery(), body: { orderNo, addressId } });
}

export async function shipOrder(
  orderNo: string,
  carrier: CarrierCode,
  trackingNo: string,
): Promise<void> {
  const { call, OrderEndpoints } = await client();
  await call(OrderEndpoints.ship, {
    query: { shopBizCode: document.body.dataset.shopId ?? '' },
    body: { orderNo, carrier, trackingNo },
  });
}
