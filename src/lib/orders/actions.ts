/**
 * The browser side of the order pages' buttons: each calls one order contract.
 */
import type { CarrierCode } from './carriers.ts';
import { call } from '#lib/platform/client.ts';
import * as OrderEndpoints from './endpoints.ts';

/** The page's shop, named explicitly: inside the messaging app the client adds no shopBizCode. */
const shopQuery = () => ({ shopBizCode: document.body.dataset.shopId ?? '' });

export async function cancelOrder(orderNo: string, reason: string): Promise<void> {
  await call(OrderEndpoints.cancel, { query: shopQuery(), body: { orderNo, reason } });
}

export async function refundLine(orderNo: string, lineId: number, reason: string): Promise<void> {
  await call(OrderEndpoints.cancelLine, { query: shopQuery(), body: { orderNo, lineId, reason } });
}

export async function hideOrder(orderNo: string): Promise<void> {
  await call(OrderEndpoints.hide, { query: { ...shopQuery(), orderNo } });
}

export async function confirmReceipt(orderNo: string): Promise<void> {
  await call(OrderEndpoints.confirmReceipt, { params: { id: orderNo }, query: shopQuery() });
}

/** A new address: before payment on the order itself, after it while the order is picked. */
export async function changeAddress(
  orderNo: string,
  addressId: string,
  paid: boolean,
): Promise<void> {
  const contract = paid ? OrderEndpoints.changeAddressWhenPicking : OrderEndpoints.updateAddress;
  await call(contract, { query: shopQuery(), body: { orderNo, addressId } });
}

export async function shipOrder(
  orderNo: string,
  carrier: CarrierCode,
  trackingNo: string,
): Promise<void> {
  await call(OrderEndpoints.ship, {
    query: { shopBizCode: document.body.dataset.shopId ?? '' },
    body: { orderNo, carrier, trackingNo },
  });
}
