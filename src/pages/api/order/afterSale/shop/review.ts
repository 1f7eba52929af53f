import { AfterSaleContracts } from '#lib/after-sales/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { reviewAfterSale } from '#lib/after-sales/index.server.ts';
import { paymentGateway } from '#lib/payments/index.server.ts';

/** The owner approves (an approved 仅退款 is refunded at once) or refuses with a reason. */
export const POST = endpoint(AfterSaleContracts.review, async ({ query, body, user, context }) => {
  const db = context.locals.database.db;
  return reviewAfterSale(db, await paymentGateway(db), {
    shopId: query.shopBizCode,
    ownerId: user.id,
    afterSaleNo: body.afterSaleNo,
    approve: body.approve,
    refusal: body.refusal,
  });
});
