import { ShopConfigContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { setFeature } from '#lib/shop/index.server.ts';

/** POST ?shopBizCode= { enableStatus } → the switch turned. Managers. */
export const POST = endpoint(ShopConfigContracts.saveFeature, ({ params, query, body, context }) =>
  setFeature(context.locals.database.db, {
    shopId: query.shopBizCode,
    code: params.code,
    enabled: body.enableStatus === 1,
  }),
);
