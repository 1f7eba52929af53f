import { AfterSaleContracts } from '#lib/after-sales/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { receiveReturn } from '#lib/after-sales/index.server.ts';
import { paymentGateway } from '#lib/payments/index.server.ts';

/** The owner has the returned goods: back to stock, and the line is refunded. */
export const POST = endpoint(
  AfterSaleContracts.receiveReturn,
  async ({ query, body, user, context }) => {
    const db = context.locals.database.db;
    return receiveReturn(db, await paymentGateway(db), {
      shopId: query.shopBizCode,
      ownerId: user.id,
      afterSaleNo: body.afterSaleNo,
    });
  },
);
