import { shopIdSchema } from '../../../../../../../lib/domain/ids.ts';
import { handle, parseParams, parseQuery } from '../../../../../../../lib/server/http.ts';
import { listHotKeys } from '../../../../../../../lib/server/services/search.ts';

/** The shop's hot search keys (shell §3): hotName and type, 5 being the search box's key. */
export const GET = handle(({ locals, params, url }) => {
  const { shopBizCode } = parseParams(params, { shopBizCode: shopIdSchema });
  parseQuery(url, {});
  return listHotKeys(locals.database.db, shopBizCode);
});
