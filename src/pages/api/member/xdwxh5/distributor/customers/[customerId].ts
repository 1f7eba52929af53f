import { DistributionReportContracts } from '#lib/distribution/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readCustomer } from '#lib/distribution/index.server.ts';

/** One of the caller's customers with their orders through the caller (another's: 客户不存在). */
export const GET = endpoint(
  DistributionReportContracts.customerOrders,
  ({ params, query, user, context }) =>
    readCustomer(context.locals.database.db, {
      shopId: query.shopBizCode,
      userId: user.id,
      customerId: params.customerId,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      now: new Date(),
    }),
);
