import { ShopConfigContracts } from '#lib/shop/config-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { setFeature } from '#lib/shop/features.server.ts';

/** POST ?shopBizCode= { enableStatus } → the switch turned. Managers. */
export const POST = endpoint(ShopConfigContracts.saveFeature, ({ params, query, body, context }) =>
  setFeature(context.locals.database.db, {
    shopId: query.shopBizCode,
    code: params.code,
    enabled: body.enableStatus === 1,
  }),
);
