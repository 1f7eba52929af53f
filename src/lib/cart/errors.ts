/** The cart's refusals: what keeps a piece out of the cart, each one the shopper can act on. */
import type { ErrorEntry } from '#lib/platform/errors.ts';

export const CartErrors = {
  PRODUCT_GONE: { code: 40401, message: '商品不存在或已下架' },
  /** A quantity set on a line the caller's cart does not hold (deleted meanwhile, or not theirs). */
  CART_LINE_GONE: { code: 40402, message: '购物车中没有该商品' },
  SALE_NOT_STARTED: { code: 40901, message: '活动尚未开始，敬请期待' },
  SALE_ENDED: { code: 40902, message: '活动已结束' },
  OUT_OF_STOCK: { code: 40903, message: '库存不足' },
  CART_LIMIT: { code: 40904, message: '单件商品最多购买99件' },
  /** selectSkuV3 names exactly one of: SKUs, a sale, all. */
  CART_SELECT_TARGET: { code: 400, message: '请选择商品' },
} as const satisfies Record<string, ErrorEntry>;
