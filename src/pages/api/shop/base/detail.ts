import { ShopContracts } from '#lib/shop/index.ts';
import { Errors } from '#lib/errors.ts';
import { appError } from '#lib/platform/errors.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { getShopDetail } from '#lib/shop/index.server.ts';

/** The shop is named by shopId, or by the shopBizCode the request client adds from the page URL. */
export const GET = endpoint(ShopContracts.detail, ({ query, context }) => {
  const shopId = query.shopId ?? query.shopBizCode;
  if (!shopId) throw appError(Errors.SHOP_ID_REQUIRED);
  return getShopDetail(context.locals.database.db, shopId);
});
