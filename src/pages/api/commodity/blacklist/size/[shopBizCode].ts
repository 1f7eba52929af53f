import { BlacklistContracts } from '#lib/catalog/blacklist-contracts.ts';
import { hiddenSaleCount } from '#lib/catalog/blacklist.server.ts';
import { shopOfPath } from '#lib/catalog/markups.server.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';

/** How many of the shop's sales are hidden. */
export const GET = endpoint(BlacklistContracts.size, ({ params, query, context }) =>
  hiddenSaleCount(context.locals.database.db, shopOfPath(params.shopBizCode, query.shopBizCode)),
);
