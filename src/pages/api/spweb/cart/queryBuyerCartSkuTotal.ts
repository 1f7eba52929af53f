import { CartContracts } from '#lib/cart/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { countCartSkus } from '#lib/cart/index.server.ts';

/** The cart badge: cartSkuNum of the caller in the shop named by shopBizCode. */
export const GET = endpoint(CartContracts.count, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return {
    cartSkuNum: await countCartSkus(context.locals.database.db, query.shopBizCode, user.id),
  };
});
