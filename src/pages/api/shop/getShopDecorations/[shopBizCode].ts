import { DecorationContracts } from '#lib/decoration/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { getShopDecorations } from '#lib/decoration/index.server.ts';

/** GET getShopDecorations/{shopBizCode} → the published home layout: modules in order, banners. */
export const GET = endpoint(DecorationContracts.shopDecorations, ({ params, context }) =>
  getShopDecorations(context.locals.database.db, params.shopBizCode),
);
