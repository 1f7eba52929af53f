import { ShopConfigContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { resetShopConfigEntry, saveShopConfigEntry } from '#lib/shop/index.server.ts';

/** POST ?shopBizCode= { value } → the shop's own value of the entry, checked by its schema. Managers. */
export const POST = endpoint(
  ShopConfigContracts.saveConfigEntry,
  ({ params, query, body, context }) =>
    saveShopConfigEntry(context.locals.database.db, {
      shopId: query.shopBizCode,
      key: params.key,
      value: body.value,
    }),
);

/** DELETE ?shopBizCode= → the platform's value applies again. Managers. */
export const DELETE = endpoint(ShopConfigContracts.resetConfigEntry, ({ params, query, context }) =>
  resetShopConfigEntry(context.locals.database.db, { shopId: query.shopBizCode, key: params.key }),
);
