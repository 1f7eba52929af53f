import { RecruitingContracts } from '#lib/recruiting/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { getKeeperShopInfo } from '#lib/recruiting/index.server.ts';

/** GET ?shopBizCode= → the caller's shop name, intro, avatar and invitation code. Shop keepers. */
export const GET = endpoint(RecruitingContracts.shopInfo, ({ query, user, context }) =>
  getKeeperShopInfo(context.locals.database.db, query.shopBizCode, user.id),
);
