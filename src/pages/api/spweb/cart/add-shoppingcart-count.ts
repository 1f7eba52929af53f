import { CartContracts } from '#lib/cart/contracts.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/platform/endpoint.server.ts';
import { addToCart } from '#lib/cart/cart.server.ts';

/** Adds pieces of a SKU to the caller's cart in the shop named by shopBizCode; answers cartSkuNum. */
export const POST = endpoint(CartContracts.add, async ({ query, body, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  const cartSkuNum = await addToCart(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    skuNo: body.skuNo,
    quantity: body.quantity,
    distributorId: query.distributorId ? Number(query.distributorId) : undefined,
  });
  return { cartSkuNum };
});
