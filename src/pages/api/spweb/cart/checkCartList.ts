import { CartContracts } from '#lib/cart/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readCart } from '#lib/cart/index.server.ts';

/** The caller's cart in the shop named by shopBizCode: lines by sale, 失效商品, totals. */
export const POST = endpoint(CartContracts.list, async ({ query, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  return readCart(context.locals.database.db, query.shopBizCode, user.id);
});
