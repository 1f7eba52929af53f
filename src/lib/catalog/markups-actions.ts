/**
 * The browser side of global-add-price: each call is one markups contract.
 */
import type { MarkupInput } from './markups.ts';
import type { WireDataOf } from '#lib/platform/contract.ts';
import type { MarkupContracts as Contracts } from './markups-contracts.ts';
import { call } from '#lib/platform/client.ts';
import * as MarkupEndpoints from './markups-endpoints.ts';

/** The page's shop, named explicitly: inside the messaging app the client adds no shopBizCode. */
const shopId = () => document.body.dataset.shopId ?? '';

/** Saves the global markup, or one sale's when `activityNo` is given; errors are toasted. */
export async function saveMarkup(activityNo: string | undefined, markup: MarkupInput) {
  const query = { shopBizCode: shopId() };
  if (activityNo === undefined) {
    await call(MarkupEndpoints.globalAddPrice, { query, body: markup });
  } else {
    await call(MarkupEndpoints.activityAddPrice, { query, body: { activityNo, ...markup } });
  }
}

/** Final prices of products with a proposed markup; nothing is saved. Errors are the caller's. */
export async function previewPrices(
  productNos: string[],
  proposed: MarkupInput & { activityNo?: string | undefined },
  signal: AbortSignal,
): Promise<WireDataOf<typeof Contracts.finalPrices>> {
  return call(
    MarkupEndpoints.finalPrices,
    {
      params: { shopBizCode: shopId() },
      query: { shopBizCode: shopId() },
      body: { productNos, proposed },
    },
    { silent: true, signal },
  );
}
