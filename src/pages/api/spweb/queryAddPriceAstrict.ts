import { MarkupContracts } from '#lib/catalog/markups-contracts.ts';
import { readAddPriceLimits } from '#lib/catalog/markups.server.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';

/** The platform's markup limits per category, of the shop's global markup and of each sale. */
export const GET = endpoint(MarkupContracts.limits, ({ query, context }) =>
  readAddPriceLimits(context.locals.database.db, query.shopBizCode),
);
