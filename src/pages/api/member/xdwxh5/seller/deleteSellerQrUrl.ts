import { ShopSettingContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { deleteSellerQr } from '#lib/shop/index.server.ts';

/** im-setting 删除: the shop has no consultation QR code any more. */
export const POST = endpoint(ShopSettingContracts.deleteSellerQr, ({ query, user, context }) =>
  deleteSellerQr(context.locals.database.db, query.shopBizCode, user.id),
);
