import { ShopContracts } from '#lib/shop/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { skinInfo } from '#lib/shop/skins.server.ts';

/** GET ?shopBizCode= → the skin the shop wears: { id, name, homePreviewUrl, theme }, or null. */
export const GET = endpoint(ShopContracts.skinInfo, ({ query, context }) =>
  skinInfo(context.locals.database.db, query.shopBizCode),
);
