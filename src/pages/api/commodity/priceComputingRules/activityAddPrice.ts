import { MarkupContracts } from '#lib/catalog/markups-contracts.ts';
import { setActivityAddPrice } from '#lib/catalog/markups.server.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';

/** Sets the markup of one of the shop's own sales within the limit of its products' categories. */
export const POST = endpoint(MarkupContracts.activityAddPrice, ({ query, body, context }) => {
  const { activityNo, ...markup } = body;
  return setActivityAddPrice(context.locals.database.db, {
    shopId: query.shopBizCode,
    activityNo,
    markup,
  });
});
