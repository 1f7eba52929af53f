import { ShopContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { skinPopupFor } from '#lib/shop/index.server.ts';

/** The skin popup due for this administrator, or null. */
export const GET = endpoint(ShopContracts.skinPopup, async ({ query, user, context }) =>
  skinPopupFor(context.locals.database.db, { shopId: query.shopBizCode, userId: user.id }),
);
