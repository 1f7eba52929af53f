import { RecruitingContracts } from '#lib/recruiting/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { updateKeeperShopInfo } from '#lib/recruiting/shop-info.server.ts';

/** POST ?shopBizCode= { shopName, intro } → the saved shop info (cleaned). Shop keepers. */
export const POST = endpoint(RecruitingContracts.shopInfoUpdate, ({ query, body, user, context }) =>
  updateKeeperShopInfo(context.locals.database.db, query.shopBizCode, user.id, body),
);
