import { ShopSettingContracts } from '#lib/shop/settings-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { readSellerQr } from '#lib/shop/settings.server.ts';

/** im-setting: the shop's consultation QR code, for its owner. */
export const GET = endpoint(ShopSettingContracts.sellerQr, ({ query, user, context }) =>
  readSellerQr(context.locals.database.db, query.shopBizCode, user.id),
);
