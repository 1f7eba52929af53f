/**
 * The browser side of the order pages' buttons: each calls one order contract. The request client
 * and the contracts (zod) load on first use, so a page's first load stays small.
 */
import type { CarrierCode } from './carriers.ts';

async function client() {
  const [{ call }, { OrderContracts }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./contracts.ts'),
  ]);
  return { call, OrderContracts };
}

/** The page's shop, named explicitly: inside the messaging app the client adds no shopBizCode. */
const shopQuery = () => ({ shopBizCode: document.body.dataset.shopId ?? '' });

export async function cancelOrder(orderNo: string, reason: string): Promise<void> {
  const { call, OrderContracts } = await client();
  await call(OrderContracts.cancel, { query: shopQuery(), body: { orderNo, reason } });
}

export async function refundLine(orderNo: string, lineId: number, reason: string): Promise<void> {
  const { call, OrderContracts } = await client();
  await call(OrderContracts.cancelLine, { query: shopQuery(), body: { orderNo, lineId, reason } });
}

export async function hideOrder(orderNo: string): Promise<void> {
  const { call, OrderContracts } = await client();
  await call(OrderContracts.hide, { query: { ...shopQuery(), orderNo } });
}

export async function confirmReceipt(orderNo: string): Promise<void> {
  const { call, OrderContracts } = await client();
  await call(OrderContracts.confirmReceipt, { params: { id: orderNo }, query: shopQuery() });
}

/** A new address: before payment on the order itself, after it while the order is picked. */
export async function changeAddress(
  orderNo: string,
  addressId: string,
  paid: boolean,
): Promise<void> {
  const { call, OrderContracts } = await client();
  const contract = paid ? OrderContracts.changeAddressWhenPicking : OrderContracts.updateAddress;
  await call(contract, { query: shopQuery(), body: { orderNo, addressId } });
}

export async function shipOrder(
  orderNo: string,
  carrier: CarrierCode,
  trackingNo: string,
): Promise<void> {
  const { call, OrderContracts } = await client();
  await call(OrderContracts.ship, {
    query: { shopBizCode: document.body.dataset.shopId ?? '' },
    body: { orderNo, carrier, trackingNo },
  });
}
