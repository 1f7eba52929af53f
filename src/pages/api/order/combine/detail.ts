import { OrderContracts } from '#lib/orders/contracts.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { readOrderGroup } from '#lib/orders/queries.server.ts';

/** One checkout of the caller: its orders and what is to be paid. */
export const GET = endpoint(OrderContracts.combineDetail, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return readOrderGroup(context.locals.database.db, {
    userId: user.id,
    shopId: query.shopBizCode,
    groupNo: query.groupNo,
  });
});
