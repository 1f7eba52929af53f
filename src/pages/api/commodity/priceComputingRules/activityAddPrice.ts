import { MarkupContracts } from '#lib/catalog/index.ts';
import { setActivityAddPrice } from '#lib/catalog/index.server.ts';
import { endpoint } from '#lib/shell/index.server.ts';

/** Sets the markup of one of the shop's own sales within the limit of its products' categories. */
export const POST = endpoint(MarkupContracts.activityAddPrice, ({ query, body, context }) => {
  const { activityNo, ...markup } = body;
  return setActivityAddPrice(context.locals.database.db, {
    shopId: query.shopBizCode,
    activityNo,
    markup,
  });
});
