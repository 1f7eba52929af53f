/**
 * The cart's endpoint contracts (shell §7 "Cart"): the cart page's read model (checkCartList),
 * selecting lines (selectSkuV3), adding pieces or setting a line's quantity
 * (add-shoppingcart-count), deleting lines (delete-shoppingcart-skus) and the badge's count
 * (queryBuyerCartSkuTotal). Every call is the signed-in caller's own cart in the shop named by
 * shopBizCode; every change answers the new read model or count.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { CartErrors } from './errors.ts';
import { MAX_PIECES_PER_SKU, MAX_SKUS_PER_CALL } from './limits.ts';
import type { CartView } from './cart-view.ts';

export { MAX_PIECES_PER_SKU, MAX_SKUS_PER_CALL };

export interface CartCount {
  cartSkuNum: number;
}

/** add-shoppingcart-count: the count, and with `set` the cart page's new read model. */
export interface CartAdded extends CartCount {
  cart: CartView | null;
}

const skuNo = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, '规格编号格式不正确');
const skuNos = z
  .array(skuNo)
  .min(1, '请选择商品')
  .max(MAX_SKUS_PER_CALL, `一次最多操作${MAX_SKUS_PER_CALL}件商品`);

export const CartContracts = {
  /**
   * Adds pieces of a SKU to the caller's cart (the product page), or with `set: true` makes a
   * line in the cart hold exactly `quantity` pieces (the cart page's stepper). Never above the
   * stock or 99 pieces.
   */
  add: contract<CartAdded>()({
    method: 'POST',
    path: '/api/spweb/cart/add-shoppingcart-count',
    body: {
      skuNo,
      quantity: z
        .number()
        .int()
        .min(1, '数量至少为1')
        .max(MAX_PIECES_PER_SKU, CartErrors.CART_LIMIT.message),
      set: z.boolean().optional(),
    },
    access: 'signed-in',
  }),
  /** The cart badge: the caller's pieces in the shop named by shopBizCode. */
  count: contract<CartCount>()({
    method: 'GET',
    path: '/api/spweb/cart/queryBuyerCartSkuTotal',
    access: 'signed-in',
  }),
  /** The cart page's read model: lines by sale, 失效商品, the selected lines' totals. */
  list: contract<CartView>()({
    method: 'POST',
    path: '/api/spweb/cart/checkCartList',
    body: {},
    access: 'signed-in',
  }),
  /** Selects or unselects lines: the SKUs named, one sale's lines, or all. */
  select: contract<CartView>()({
    method: 'POST',
    path: '/api/spweb/cart/selectSkuV3',
    body: {
      selected: z.boolean(),
      skuNos: skuNos.optional(),
      activityNo: z
        .string()
        .regex(/^[A-Za-z0-9-]{1,40}$/, '活动编号格式不正确')
        .optional(),
      all: z.literal(true).optional(),
    },
    access: 'signed-in',
  }),
  /** Deletes lines: `?skuNos=a&skuNos=b` (at most 200). */
  remove: contract<CartView>()({
    method: 'DELETE',
    path: '/api/spweb/cart/delete-shoppingcart-skus',
    query: {
      // Given once, the key is one string; repeated, the array of its values.
      skuNos: z
        .union([skuNo, skuNos])
        .transform((value) => (typeof value === 'string' ? [value] : value)),
    },
    access: 'signed-in',
  }),
};
