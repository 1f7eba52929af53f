import { CatalogContracts } from '#lib/catalog/index.ts';
import { endpoint } from '#lib/shell/index.server.ts';
import { listHotKeys } from '#lib/catalog/index.server.ts';

/** The shop's hot search keys (shell §3): hotName and type, 5 being the search box's key. */
export const GET = endpoint(CatalogContracts.hotKeys, ({ params, context }) =>
  listHotKeys(context.locals.database.db, params.shopBizCode),
);
