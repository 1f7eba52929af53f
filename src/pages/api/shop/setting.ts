import { ShopSettingContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { readShopSettings, saveShopSettings } from '#lib/shop/index.server.ts';

/** store-setting: the shop's settings, for its owner. */
export const GET = endpoint(ShopSettingContracts.settings, ({ query, user, context }) =>
  readShopSettings(context.locals.database.db, query.shopBizCode, user.id),
);

/** store-setting 保存: every field in one update, by the shop's owner. */
export const POST = endpoint(ShopSettingContracts.save, ({ query, body, user, context }) =>
  saveShopSettings(context.locals.database.db, {
    shopId: query.shopBizCode,
    userId: user.id,
    settings: body,
  }),
);
