import { ShopConfigContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { featureStatuses } from '#lib/shop/index.ts';
import { shopFeatures } from '#lib/shop/index.server.ts';
import { readContentVersion } from '#lib/platform/content-cache.server.ts';

/** GET ?shopBizCode= → [{ code, enableStatus }] for every feature code of the shop. */
export const GET = endpoint(ShopConfigContracts.entranceStatus, async ({ query, context }) => {
  const db = context.locals.database.db;
  return featureStatuses(await shopFeatures(db, await readContentVersion(db), query.shopBizCode));
});
