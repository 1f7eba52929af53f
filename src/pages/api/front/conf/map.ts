import { handle, parseQuery } from '../../../../lib/server/http.ts';
import { getConfigMap } from '../../../../lib/server/services/config.ts';

export const GET = handle(({ locals, url }) => {
  parseQuery(url, {});
  return getConfigMap(locals.database.db);
});
