/**
 * The browser side of the after-sale pages: each call is one after-sale contract. The request
 * client and the contracts (zod) load on first use, as the order pages' do, so a page's first load
 * stays small. Errors are toasted by the request client unless a call says otherwise.
 */
import type { AfterSaleKind, AfterSaleView } from './contracts.ts';

async function client() {
  const [{ call }, { AfterSaleEndpoints }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./endpoints.ts'),
  ]);
  return { call, AfterSaleEndpoints };
}

/** The page's shop, named explicitly: inside the messaging app the client adds no shopBizCode. */
const shopQuery = () => ({ shopBizCode: document.body.dataset.shopId ?? '' });

/** One photo, its raw bytes; rejects with the client's ApiError (the toast left to the caller). */
export async function uploadPhoto(
  file: Blob,
  signal?: AbortSignal,
): Promise<{ photoId: number; url: string }> {
  const { call, AfterSaleEndpoints } = await client();
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
  const { call, AfterSaleEndpoints } = await client();
  return call(AfterSaleEndpoints.apply, { query: shopQuery(), body: input });
}

export async function shipReturn(input: {
  afterSaleNo: string;
  company: string;
  trackingNo: string;
}): Promise<AfterSaleView> {
  const { call, AfterSaleEndpoints } = await client();
  return call(AfterSaleEndpoints.shipReturn, { query: shopQuery(), body: input });
}

/** The shop owner's decision: approve, or refuse with the reason the shopper reads. */
export async function reviewAfterSale(
  afterSaleNo: string,
  decision: { approve: true } | { approve: false; refusal: string },
): Promise<AfterSaleView> {
  const { call, AfterSaleEndpoints } = await client();
  return call(AfterSaleEndpoints.review, {
    query: shopQuery(),
    body: { afterSaleNo, ...decision },
  });
}

export async function receiveReturn(afterSaleNo: string): Promise<AfterSaleView> {
  const { call, AfterSaleEndpoints } = await client();
  return call(AfterSaleEndpoints.receiveReturn, { query: shopQuery(), body: { afterSaleNo } });
}
