import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { getSellerInfo } from '#lib/shop/shops.server.ts';

export const GET = handle(({ locals, params, url }) => {
  const { shopId } = parseParams(params, { shopId: shopIdSchema });
  parseQuery(url, {});
  return getSellerInfo(locals.database.db, shopId);
});
