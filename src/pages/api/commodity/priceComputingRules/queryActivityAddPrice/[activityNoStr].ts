import { MarkupContracts } from '#lib/catalog/index.ts';
import { readActivityAddPrice } from '#lib/catalog/index.server.ts';
import { endpoint } from '#lib/shell/index.server.ts';

/** One of the shop's own sales: its markup and the limit it is held to. */
export const GET = endpoint(MarkupContracts.queryActivityAddPrice, ({ params, query, context }) =>
  readActivityAddPrice(context.locals.database.db, query.shopBizCode, params.activityNoStr),
);
