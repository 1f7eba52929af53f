import { DistributionReportContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listShopDataOrders } from '#lib/distribution/index.server.ts';

/** The shop's order list of 数据中心: the latest orders paid through the caller. */
export const GET = endpoint(
  DistributionReportContracts.shopOrders,
  async ({ query, user, context }) => ({
    list: await listShopDataOrders(context.locals.database.db, {
      shopId: query.shopBizCode,
      userId: user.id,
      period: query.period,
      now: new Date(),
    }),
  }),
);
