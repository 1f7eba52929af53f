import { ShopContracts } from '#lib/shop/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { listSkins } from '#lib/shop/skins.server.ts';

/** GET ?shopBizCode= → [{ id, name, homePreviewUrl, skinStatus }], the skin in use first. Managers. */
export const GET = endpoint(ShopContracts.skins, ({ query, context }) =>
  listSkins(context.locals.database.db, query.shopBizCode),
);
