import { ShopContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listSkins } from '#lib/shop/index.server.ts';

/** GET ?shopBizCode= → [{ id, name, homePreviewUrl, skinStatus }], the skin in use first. Managers. */
export const GET = endpoint(ShopContracts.skins, ({ query, context }) =>
  listSkins(context.locals.database.db, query.shopBizCode),
);
