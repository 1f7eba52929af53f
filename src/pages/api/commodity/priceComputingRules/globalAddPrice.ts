import { MarkupContracts } from '#lib/catalog/index.ts';
import { setGlobalAddPrice } from '#lib/catalog/index.server.ts';
import { endpoint } from '#lib/shell/index.server.ts';

/** Sets the shop's global markup (a percentage or a fixed amount) within the platform's limit. */
export const POST = endpoint(MarkupContracts.globalAddPrice, ({ query, body, context }) =>
  setGlobalAddPrice(context.locals.database.db, { shopId: query.shopBizCode, markup: body }),
);
