import { ShopContracts } from '#lib/shop/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { officialAccountQr } from '#lib/shop/official-account.server.ts';

/** The shop's official account QR code, to follow for order notices (success page). */
export const GET = endpoint(ShopContracts.subscriptionQr, async ({ query, context }) =>
  officialAccountQr(context.locals.database.db, query.shopBizCode),
);
