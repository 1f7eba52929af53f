import { BlacklistContracts } from '#lib/catalog/index.ts';
import { hiddenSaleCount } from '#lib/catalog/index.server.ts';
import { shopOfPath } from '#lib/catalog/index.server.ts';
import { endpoint } from '#lib/shell/index.server.ts';

/** How many of the shop's sales are hidden. */
export const GET = endpoint(BlacklistContracts.size, ({ params, query, context }) =>
  hiddenSaleCount(context.locals.database.db, shopOfPath(params.shopBizCode, query.shopBizCode)),
);
