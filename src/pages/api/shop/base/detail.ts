import { AppError, ErrorCode, Messages } from '#lib/platform/errors.ts';
import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { getShopDetail } from '#lib/shop/shops.server.ts';

/** The shop is named by shopId, or by the shopBizCode the request client adds from the page URL. */
export const GET = handle(({ locals, url }) => {
  const query = parseQuery(url, {
    shopId: shopIdSchema.optional(),
    shopBizCode: shopIdSchema.optional(),
  });
  const shopId = query.shopId ?? query.shopBizCode;
  if (!shopId) throw new AppError(ErrorCode.BAD_REQUEST, Messages.SHOP_ID_REQUIRED);
  return getShopDetail(locals.database.db, shopId);
});
