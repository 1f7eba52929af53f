import { shopIdSchema } from '../../../../../../lib/domain/ids.ts';
import { handle, parseParams, parseQuery } from '../../../../../../lib/server/http.ts';
import { getSellerInfo } from '../../../../../../lib/server/services/shops.ts';

export const GET = handle(({ locals, params, url }) => {
  const { shopId } = parseParams(params, { shopId: shopIdSchema });
  parseQuery(url, {});
  return getSellerInfo(locals.database.db, shopId);
});
