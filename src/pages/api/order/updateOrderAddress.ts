import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { changeOrderAddress } from '#lib/orders/index.server.ts';
import { readOrderDetail } from '#lib/orders/index.server.ts';

/** A new delivery address for the caller's unpaid order. */
export const POST = endpoint(
  OrderContracts.updateAddress,
  async ({ query, body, user, context }) => {
    if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
    const db = context.locals.database.db;
    const scope = { shopId: query.shopBizCode, userId: user.id };
    await changeOrderAddress(db, {
      ...scope,
      orderNo: body.orderNo,
      addressId: Number(body.addressId),
      when: 'unpaid',
    });
    return readOrderDetail(db, { ...scope, orderNo: body.orderNo });
  },
);
