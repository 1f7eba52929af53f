import { ShopContracts } from '#lib/shop/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { getSellerInfo } from '#lib/shop/shops.server.ts';

/** The shop's seller info: { shopId, shopBizCode, shopName, shopLogoUrl }. */
export const GET = endpoint(ShopContracts.sellerInfo, ({ params, context }) =>
  getSellerInfo(context.locals.database.db, params.shopId),
);
