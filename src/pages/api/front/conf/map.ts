import { ShopContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { getConfigMap } from '#lib/shop/index.server.ts';
import { SHOP_COOKIE } from '#lib/shell/index.server.ts';
import { isShopId } from '#lib/platform/ids.ts';

/**
 * The config map of the shop the query names, else of the shop last opened (inside the messaging
 * app the request client adds no shopBizCode), else the platform's own.
 */
export const GET = endpoint(ShopContracts.configMap, ({ query, context }) => {
  const stored = context.cookies.get(SHOP_COOKIE)?.value;
  const shopId = query.shopBizCode ?? (isShopId(stored) ? stored : undefined);
  return getConfigMap(context.locals.database.db, shopId);
});
