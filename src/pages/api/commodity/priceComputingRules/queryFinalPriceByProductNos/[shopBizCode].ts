import { MarkupContracts } from '#lib/catalog/markups-contracts.ts';
import { previewFinalPrices, shopOfPath } from '#lib/catalog/markups.server.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';

/** Final prices of the shop's products with a proposed markup, through the pricing module. */
export const POST = endpoint(MarkupContracts.finalPrices, ({ params, query, body, context }) =>
  previewFinalPrices(context.locals.database.db, {
    shopId: shopOfPath(params.shopBizCode, query.shopBizCode),
    productNos: body.productNos,
    proposed: body.proposed,
  }),
);
