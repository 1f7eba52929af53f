import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readOrderGroup } from '#lib/orders/index.server.ts';

/** One checkout of the caller: its orders and what is to be paid. */
export const GET = endpoint(OrderContracts.combineDetail, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return readOrderGroup(context.locals.database.db, {
    userId: user.id,
    shopId: query.shopBizCode,
    groupNo: query.groupNo,
  });
});
