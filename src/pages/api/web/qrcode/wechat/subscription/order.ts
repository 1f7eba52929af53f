import { ShopContracts } from '#lib/shop/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { officialAccountQr } from '#lib/shop/index.server.ts';

/** The shop's official account QR code, to follow for order notices (success page). */
export const GET = endpoint(ShopContracts.subscriptionQr, async ({ query, context }) =>
  officialAccountQr(context.locals.database.db, query.shopBizCode),
);
