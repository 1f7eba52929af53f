import { MarkupContracts } from '#lib/catalog/index.ts';
import { readGlobalAddPrice } from '#lib/catalog/index.server.ts';
import { endpoint } from '#lib/shell/index.server.ts';

/** The shop's global markup and the limit it is held to. */
export const GET = endpoint(MarkupContracts.queryGlobalAddPrice, ({ query, context }) =>
  readGlobalAddPrice(context.locals.database.db, query.shopBizCode),
);
