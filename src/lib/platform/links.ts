/**
 * The link builder (shell §2): every internal URL is built here so a shared link never loses
 * the shop or the distributor who shared it. The carrying rule itself is in carry.ts.
 */
import { routeByName, routePath, type RouteName } from './routes.ts';
import { carryQuery, type LinkContext } from './carry.ts';

export { CARRIED_PARAMS, currentShopId, type LinkContext } from './carry.ts';

export type LinkTarget =
  | string
  | {
      /** A route of the table: a misspelt name fails the type check. */
      name: RouteName;
      params?: Record<string, string | number>;
      query?: Record<string, string | number | boolean | undefined | null>;
    };

export class LinkError extends Error {
  override name = 'LinkError';
}

export function buildLink(target: LinkTarget, context: LinkContext): string {
  let path: string;
  const own = new URLSearchParams();
  if (typeof target === 'string') {
    if (target.includes('?'))
      throw new LinkError(`A link target must not carry a query string: ${target}`);
    if (!target.startsWith('/'))
      throw new LinkError(`A link target path must start with "/": ${target}`);
    path = target;
  } else {
    const route = routeByName(target.name);
    if (!route) throw new LinkError(`Unknown route name: ${target.name}`);
    path = routePath(route, target.params);
    for (const [key, value] of Object.entries(target.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') own.set(key, String(value));
    }
  }
  return `${path}?${carryQuery(own, context).toString()}`;
}
