import { ShopContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { skinInfo } from '#lib/shop/index.server.ts';

/** GET ?shopBizCode= → the skin the shop wears: { id, name, homePreviewUrl, theme }, or null. */
export const GET = endpoint(ShopContracts.skinInfo, ({ query, context }) =>
  skinInfo(context.locals.database.db, query.shopBizCode),
);
