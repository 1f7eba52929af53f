import { ShopSettingContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readSellerQr } from '#lib/shop/index.server.ts';

/** im-setting: the shop's consultation QR code, for its owner. */
export const GET = endpoint(ShopSettingContracts.sellerQr, ({ query, user, context }) =>
  readSellerQr(context.locals.database.db, query.shopBizCode, user.id),
);
