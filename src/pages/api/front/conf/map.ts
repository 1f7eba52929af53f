import { handle, parseQuery } from '#lib/platform/http.server.ts';
import { getConfigMap } from '#lib/shop/config.server.ts';

export const GET = handle(({ locals, url }) => {
  parseQuery(url, {});
  return getConfigMap(locals.database.db);
});
