import { ShopContracts } from '#lib/shop/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { selectSkin } from '#lib/shop/skins.server.ts';

/** POST saveSelectedSkin/{skinId}?shopBizCode= → 换肤成功. Managers only. */
export const POST = endpoint(ShopContracts.selectSkin, async ({ params, query, context }) => {
  await selectSkin(context.locals.database.db, query.shopBizCode, params.skinId);
  return true as const;
});
