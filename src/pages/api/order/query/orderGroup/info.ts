import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readOrderGroupInfo } from '#lib/orders/index.server.ts';

/** The short form of the caller's checkout: its order numbers, status and amount. */
export const GET = endpoint(OrderContracts.groupInfo, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return readOrderGroupInfo(context.locals.database.db, {
    userId: user.id,
    shopId: query.shopBizCode,
    groupNo: query.groupNo,
  });
});
