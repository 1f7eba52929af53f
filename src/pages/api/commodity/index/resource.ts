import { CatalogContracts } from '#lib/catalog/index.ts';
import { shopIdSchema } from '#lib/platform/id-schemas.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { getMarketResource } from '#lib/catalog/index.server.ts';

/**
 * The market resource (shell §3, today's hits) of the shop named by shopBizCode, the one of
 * configId when given: `{ configId, title, bgColor, bgImg, ringshopShowLinkUrl, productList }`.
 * Each product: `{ productNo, productName, productPicUrl, priceCents, marketPriceCents, price,
 * marketPrice, salesCount, soldOut, activityNo }` where productPicUrl is the main pictures
 * comma-separated (the first is the cover), priceCents / marketPriceCents are integer cents
 * (markups applied) and price / marketPrice the same as yuan strings ("129.00").
 * null when the shop has no such module; 404 店铺不存在 for an unknown shop.
 */
export const GET = endpoint(CatalogContracts.marketResource, ({ query, context }) => {
  // The request client's shopBizCode (checked by the contract) is required here.
  const shopBizCode = shopIdSchema.parse(query.shopBizCode);
  return getMarketResource(context.locals.database.db, shopBizCode, query.configId);
});
