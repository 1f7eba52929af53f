import { CatalogContracts } from '#lib/catalog/contracts.ts';
import { endpoint } from '#lib/shell/endpoint.server.ts';
import { listHotKeys } from '#lib/catalog/search.server.ts';

/** The shop's hot search keys (shell §3): hotName and type, 5 being the search box's key. */
export const GET = endpoint(CatalogContracts.hotKeys, ({ params, context }) =>
  listHotKeys(context.locals.database.db, params.shopBizCode),
);
