import { OrderContracts } from '#lib/orders/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { confirmReceipt } from '#lib/orders/index.server.ts';
import { readOrderDetail } from '#lib/orders/index.server.ts';

/** 确认收货 of the caller's shipped order (a GET that changes state: other sites are refused). */
export const GET = endpoint(
  OrderContracts.confirmReceipt,
  async ({ params, query, user, context }) => {
    if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
    const db = context.locals.database.db;
    const scope = { shopId: query.shopBizCode, userId: user.id };
    await confirmReceipt(db, { ...scope, orderNo: params.id });
    return readOrderDetail(db, { ...scope, orderNo: params.id });
  },
);
