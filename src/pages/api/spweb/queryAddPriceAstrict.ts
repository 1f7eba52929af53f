import { MarkupContracts } from '#lib/catalog/index.ts';
import { readAddPriceLimits } from '#lib/catalog/index.server.ts';
import { endpoint } from '#lib/shell/index.server.ts';

/** The platform's markup limits per category, of the shop's global markup and of each sale. */
export const GET = endpoint(MarkupContracts.limits, ({ query, context }) =>
  readAddPriceLimits(context.locals.database.db, query.shopBizCode),
);
