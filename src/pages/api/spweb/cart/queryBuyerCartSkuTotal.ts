import { AppError, ErrorCode, Messages } from '#lib/platform/errors.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { countCartSkus } from '#lib/cart/cart.server.ts';

/** The cart badge: cartSkuNum of the caller in the shop named by shopBizCode. */
export const GET = handle(async (context) => {
  const { shopBizCode } = parseQuery(context.url, {});
  if (!shopBizCode) throw new AppError(ErrorCode.BAD_REQUEST, Messages.SHOP_ID_REQUIRED);
  const user = await requireUser(context);
  return { cartSkuNum: await countCartSkus(context.locals.database.db, shopBizCode, user.id) };
});
