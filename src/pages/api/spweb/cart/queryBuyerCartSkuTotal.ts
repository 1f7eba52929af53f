import { AppError, ErrorCode, Messages } from '../../../../lib/domain/errors.ts';
import { requireUser } from '../../../../lib/server/auth.ts';
import { handle, parseQuery } from '../../../../lib/server/http.ts';
import { countCartSkus } from '../../../../lib/server/services/cart.ts';

/** The cart badge: cartSkuNum of the caller in the shop named by shopBizCode. */
export const GET = handle(async (context) => {
  const { shopBizCode } = parseQuery(context.url, {});
  if (!shopBizCode) throw new AppError(ErrorCode.BAD_REQUEST, Messages.SHOP_ID_REQUIRED);
  const user = await requireUser(context);
  return { cartSkuNum: await countCartSkus(context.locals.database.db, shopBizCode, user.id) };
});
