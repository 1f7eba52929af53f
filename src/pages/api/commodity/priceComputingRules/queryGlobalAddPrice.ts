import { MarkupContracts } from '#lib/catalog/markups-contracts.ts';
import { readGlobalAddPrice } from '#lib/catalog/markups.server.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';

/** The shop's global markup and the limit it is held to. */
export const GET = endpoint(MarkupContracts.queryGlobalAddPrice, ({ query, context }) =>
  readGlobalAddPrice(context.locals.database.db, query.shopBizCode),
);
