import { ShopConfigContracts } from '#lib/shop/config-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { featureStatuses } from '#lib/shop/features.ts';
import { shopFeatures } from '#lib/shop/features.server.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';

/** GET ?shopBizCode= → [{ code, enableStatus }] for every feature code of the shop. */
export const GET = endpoint(ShopConfigContracts.entranceStatus, async ({ query, context }) => {
  const db = context.locals.database.db;
  return featureStatuses(await shopFeatures(db, await readContentVersion(db), query.shopBizCode));
});
