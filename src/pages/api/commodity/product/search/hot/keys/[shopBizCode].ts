import { shopIdSchema } from '#lib/platform/ids.ts';
import { handle, parseParams, parseQuery } from '#lib/platform/http.server.ts';
import { listHotKeys } from '#lib/catalog/search.server.ts';

/** The shop's hot search keys (shell §3): hotName and type, 5 being the search box's key. */
export const GET = handle(({ locals, params, url }) => {
  const { shopBizCode } = parseParams(params, { shopBizCode: shopIdSchema });
  parseQuery(url, {});
  return listHotKeys(locals.database.db, shopBizCode);
});
