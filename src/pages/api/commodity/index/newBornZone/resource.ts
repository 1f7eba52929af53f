import { CatalogContracts } from '#lib/catalog/index.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { getNewBornResource } from '#lib/catalog/index.server.ts';

/**
 * The new-customer zone of the shop named by shopBizCode: `{ configId, title, bgColor, bgImg,
 * coupons: { couponNo, name, kind, amountCents, thresholdCents }[], productList }`, products as
 * in /api/commodity/index/resource (cents and yuan strings, markups applied). channel (the share
 * channel of the link) is checked and not used. null when the shop has no zone; 404 店铺不存在
 * for an unknown shop.
 */
export const GET = endpoint(CatalogContracts.newBornResource, ({ query, context }) => {
  // The request client's shopBizCode (checked by the contract) is required here.
  const shopBizCode = shopIdSchema.parse(query.shopBizCode);
  return getNewBornResource(context.locals.database.db, shopBizCode);
});
