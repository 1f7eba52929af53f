import { CartContracts } from '#lib/cart/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { deleteCartLines } from '#lib/cart/index.server.ts';

/** Deletes the caller's lines of the SKUs named (`?skuNos=a&skuNos=b`); answers the cart. */
export const DELETE = endpoint(CartContracts.remove, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return deleteCartLines(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    skuNos: query.skuNos,
  });
});
