import { MarkupContracts } from '#lib/catalog/markups-contracts.ts';
import { readActivityAddPrice } from '#lib/catalog/markups.server.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';

/** One of the shop's own sales: its markup and the limit it is held to. */
export const GET = endpoint(MarkupContracts.queryActivityAddPrice, ({ params, query, context }) =>
  readActivityAddPrice(context.locals.database.db, query.shopBizCode, params.activityNoStr),
);
