import { CartContracts } from '#lib/cart/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { selectCartLines, type CartTarget } from '#lib/cart/index.server.ts';

/** Selects or unselects the caller's lines: the SKUs named, one sale's, or all; answers the cart. */
export const POST = endpoint(CartContracts.select, async ({ query, body, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  const targets: CartTarget[] = [
    ...(body.skuNos ? [{ skuNos: body.skuNos }] : []),
    ...(body.activityNo ? [{ activityNo: body.activityNo }] : []),
    ...(body.all ? [{ all: true as const }] : []),
  ];
  if (targets.length !== 1) throw appError(Errors.CART_SELECT_TARGET);
  return selectCartLines(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    selected: body.selected,
    target: targets[0]!,
  });
});
