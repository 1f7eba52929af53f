import { AfterSaleContracts } from '#lib/after-sales/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { receiveReturn } from '#lib/after-sales/after-sales.server.ts';
import { paymentGateway } from '#lib/payments/gateway.server.ts';

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
