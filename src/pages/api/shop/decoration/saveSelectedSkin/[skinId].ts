import { ShopContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { selectSkin } from '#lib/shop/index.server.ts';

/** POST saveSelectedSkin/{skinId}?shopBizCode= → 换肤成功. Managers only. */
export const POST = endpoint(ShopContracts.selectSkin, async ({ params, query, context }) => {
  await selectSkin(context.locals.database.db, query.shopBizCode, params.skinId);
  return true as const;
});
