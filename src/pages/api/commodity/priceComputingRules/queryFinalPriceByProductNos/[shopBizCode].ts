import { MarkupContracts } from '#lib/catalog/index.ts';
import { previewFinalPrices, shopOfPath } from '#lib/catalog/index.server.ts';
import { endpoint } from '#lib/shell/index.server.ts';

/** Final prices of the shop's products with a proposed markup, through the pricing module. */
export const POST = endpoint(MarkupContracts.finalPrices, ({ params, query, body, context }) =>
  previewFinalPrices(context.locals.database.db, {
    shopId: shopOfPath(params.shopBizCode, query.shopBizCode),
    productNos: body.productNos,
    proposed: body.proposed,
  }),
);
