/**
 * The browser side of global-add-price: each call is one markups contract. The request client
 * and the contracts load on first use, so the page's first load stays small.
 */
import type { MarkupInput } from './markups.ts';
import type { WireDataOf } from '#lib/platform/contract.ts';
import type { MarkupContracts as Contracts } from './markups-contracts.ts';

async function client() {
  const [{ call }, { MarkupEndpoints }] = await Promise.all([
    import('#lib/platform/client.ts'),
    import('./markups-endpoints.ts'),
  ]);
  return { call, MarkupEndpoints };
}

/** The page's shop, named explicitly: inside the messaging app the client adds no shopBizCode. */
const shopId = () => document.body.dataset.shopId ?? '';

/** Saves the global markup, or one sale's when `activityNo` is given; errors are toasted. */
export async function saveMarkup(activityNo: string | undefined, markup: MarkupInput) {
  const { call, MarkupEndpoints } = await client();
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
  const { call, MarkupEndpoints } = await client();
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
