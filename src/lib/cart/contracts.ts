/** The cart's endpoint contracts: add pieces of a SKU, and the badge's count. */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { CartErrors } from './errors.ts';

/** Pieces of one SKU a cart may hold. */
export const MAX_PIECES_PER_SKU = 99;

export interface CartCount {
  cartSkuNum: number;
}

export const CartContracts = {
  /** Adds pieces of a SKU to the caller's cart in the shop named by shopBizCode. */
  add: contract<CartCount>()({
    method: 'POST',
    path: '/api/spweb/cart/add-shoppingcart-count',
    body: {
      skuNo: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, '规格编号格式不正确'),
      quantity: z
        .number()
        .int()
        .min(1, '数量至少为1')
        .max(MAX_PIECES_PER_SKU, CartErrors.CART_LIMIT.message),
    },
    access: 'signed-in',
  }),
  /** The cart badge: the caller's pieces in the shop named by shopBizCode. */
  count: contract<CartCount>()({
    method: 'GET',
    path: '/api/spweb/cart/queryBuyerCartSkuTotal',
    access: 'signed-in',
  }),
};
