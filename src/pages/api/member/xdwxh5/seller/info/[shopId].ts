import { ShopContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { getSellerInfo } from '#lib/shop/index.server.ts';

/** The shop's seller info: { shopId, shopBizCode, shopName, shopLogoUrl }. */
export const GET = endpoint(ShopContracts.sellerInfo, ({ params, context }) =>
  getSellerInfo(context.locals.database.db, params.shopId),
);
