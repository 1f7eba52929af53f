/**
 * The browser side of the after-sale pages: each call is one after-sale contract. Errors are toasted
 * by the request client unless a call says otherwise.
 */
import type { AfterSaleKind, AfterSaleView } from './contracts.ts';
import { call } from '#lib/platform/client.ts';
import * as AfterSaleEndpoints from './endpoints.ts';

/** The page's shop, named explicitly: inside the messaging app the client adds no shopBizCode. */
const shopQuery = () => ({ shopBizCode: document.body.dataset.shopId ?? '' });

/** One photo, its raw bytes; rejects with the client's ApiError (the toast left to the caller). */
export async function uploadPhoto(
  file: Blob,
  signal?: AbortSignal,
): Promise<{ photoId: number; url: string }> {
  return call(
    AfterSaleEndpoints.uploadPhoto,
    { query: shopQuery(), body: file },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

export async function applyAfterSale(input: {
  orderNo: string;
  lineId: number;
  kind: AfterSaleKind;
  reason: string;
  description: string;
  photoIds: number[];
}): Promise<AfterSaleView> {
  return call(AfterSaleEndpoints.apply, { query: shopQuery(), body: input });
}

export async function shipReturn(input: {
  afterSaleNo: string;
  company: string;
  trackingNo: string;
}): Promise<AfterSaleView> {
  return call(AfterSaleEndpoints.shipReturn, { query: shopQuery(), body: input });
}

/** The shop owner's decision: approve, or refuse with the reason the shopper reads. */
export async function reviewAfterSale(
  afterSaleNo: string,
  decision: { approve: true } | { approve: false; refusal: string },
): Promise<AfterSaleView> {
  return call(AfterSaleEndpoints.review, {
    query: shopQuery(),
    body: { afterSaleNo, ...decision },
  });
}

export async function receiveReturn(afterSaleNo: string): Promise<AfterSaleView> {
  return call(AfterSaleEndpoints.receiveReturn, { query: shopQuery(), body: { afterSaleNo } });
}
