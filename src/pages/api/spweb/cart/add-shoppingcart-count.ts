import { z } from 'zod';
import { AppError, ErrorCode, Messages } from '#lib/platform/errors.ts';
import { requireUser } from '#lib/membership/auth.server.ts';
import { handle, parseBody, parseQuery } from '#lib/platform/http.server.ts';
import { MAX_PIECES_PER_SKU, addToCart } from '#lib/cart/cart.server.ts';

/** Adds pieces of a SKU to the caller's cart in the shop named by shopBizCode; answers cartSkuNum. */
export const POST = handle(async (context) => {
  const { shopBizCode, distributorId } = parseQuery(context.url, {});
  if (!shopBizCode) throw new AppError(ErrorCode.BAD_REQUEST, Messages.SHOP_ID_REQUIRED);
  const body = await parseBody(context.request, {
    skuNo: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, '规格编号格式不正确'),
    quantity: z.number().int().min(1, '数量至少为1').max(MAX_PIECES_PER_SKU, Messages.CART_LIMIT),
  });
  const user = await requireUser(context);
  const cartSkuNum = await addToCart(context.locals.database.db, {
    shopId: shopBizCode,
    userId: user.id,
    skuNo: body.skuNo,
    quantity: body.quantity,
    distributorId: distributorId ? Number(distributorId) : undefined,
  });
  return { cartSkuNum };
});
