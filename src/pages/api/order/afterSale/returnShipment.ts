import { AfterSaleContracts } from '#lib/after-sales/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { shipReturn } from '#lib/after-sales/index.server.ts';

/** After an approved 退货退款: the parcel the caller sends the goods back in. */
export const POST = endpoint(
  AfterSaleContracts.shipReturn,
  async ({ query, body, user, context }) => {
    if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
    return shipReturn(context.locals.database.db, {
      shopId: query.shopBizCode,
      userId: user.id,
      ...body,
    });
  },
);
