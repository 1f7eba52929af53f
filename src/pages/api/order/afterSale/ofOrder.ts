import { AfterSaleContracts } from '#lib/after-sales/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listOrderAfterSales } from '#lib/after-sales/index.server.ts';

/** The caller's after-sales of one of their orders. */
export const GET = endpoint(AfterSaleContracts.ofOrder, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  const list = await listOrderAfterSales(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    orderNo: query.orderNo,
  });
  return { list };
});
