import { DecorationContracts } from '#lib/shop/decoration-contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { getShopDecorations } from '#lib/shop/decoration.server.ts';

/** GET getShopDecorations/{shopBizCode} → the published home layout: modules in order, banners. */
export const GET = endpoint(DecorationContracts.shopDecorations, ({ params, context }) =>
  getShopDecorations(context.locals.database.db, params.shopBizCode),
);
