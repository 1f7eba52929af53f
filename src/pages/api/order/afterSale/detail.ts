import { AfterSaleContracts } from '#lib/after-sales/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readAfterSale } from '#lib/after-sales/index.server.ts';

/** The caller's own after-sale. */
export const GET = endpoint(AfterSaleContracts.detail, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return readAfterSale(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    afterSaleNo: query.afterSaleNo,
  });
});
