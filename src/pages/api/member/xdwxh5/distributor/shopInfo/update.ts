import { RecruitingContracts } from '#lib/recruiting/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { updateKeeperShopInfo } from '#lib/recruiting/index.server.ts';

/** POST ?shopBizCode= { shopName, intro } → the saved shop info (cleaned). Shop keepers. */
export const POST = endpoint(RecruitingContracts.shopInfoUpdate, ({ query, body, user, context }) =>
  updateKeeperShopInfo(context.locals.database.db, query.shopBizCode, user.id, body),
);
