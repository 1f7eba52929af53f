import { CartContracts } from '#lib/cart/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { addToCart, setCartQuantity } from '#lib/cart/index.server.ts';

/**
 * Adds pieces of a SKU to the caller's cart in the shop named by shopBizCode, answering
 * cartSkuNum; with `set`, the line holds exactly `quantity` pieces and the answer carries the
 * cart's new read model too (the cart page's stepper).
 */
export const POST = endpoint(CartContracts.add, async ({ query, body, user, context }) => {
  if (!query.shopBizCode) throw appError(Errors.SHOP_ID_REQUIRED);
  const db = context.locals.database.db;
  if (body.set) {
    const cart = await setCartQuantity(db, {
      shopId: query.shopBizCode,
      userId: user.id,
      skuNo: body.skuNo,
      quantity: body.quantity,
    });
    return { cartSkuNum: cart.cartSkuNum, cart };
  }
  const cartSkuNum = await addToCart(db, {
    shopId: query.shopBizCode,
    userId: user.id,
    skuNo: body.skuNo,
    quantity: body.quantity,
    distributorId: query.distributorId ? Number(query.distributorId) : undefined,
  });
  return { cartSkuNum, cart: null };
});
