/**
 * The link builder (shell §2): every internal URL is built here so a shared link never loses
 * the shop or the distributor who shared it.
 *
 * Carried over from the current page: shopId (query → stored context → default), distributorId
 * (dropped when the current query's distId is "empty"), channel, shareChannel, spm, shopNotice
 * and proxy when present; plus refSpm, the current page's tracking code.
 */
import { routeByName, routePath } from '../routes.ts';

export const CARRIED_PARAMS = [
  'distributorId',
  'channel',
  'shareChannel',
  'spm',
  'shopNotice',
  'proxy',
] as const;

export interface LinkContext {
  /** The current page's query. */
  query: URLSearchParams;
  /** The shop remembered from an earlier page, when the query has none. */
  storedShopId?: string | undefined;
  defaultShopId: string;
  /** The current page's spm code. */
  currentSpm?: string | undefined;
}

export type LinkTarget =
  | string
  | {
      name: string;
      params?: Record<string, string | number>;
      query?: Record<string, string | number | boolean | undefined | null>;
    };

export class LinkError extends Error {
  override name = 'LinkError';
}

/** The shop the current page belongs to. */
export function currentShopId(context: LinkContext): string {
  return context.query.get('shopId') || context.storedShopId || context.defaultShopId;
}

export function buildLink(target: LinkTarget, context: LinkContext): string {
  let path: string;
  const query = new URLSearchParams();
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
      if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
    }
  }

  query.set('shopId', currentShopId(context));
  const dropDistributor = context.query.get('distId') === 'empty';
  for (const key of CARRIED_PARAMS) {
    if (key === 'distributorId' && dropDistributor) continue;
    const value = context.query.get(key);
    if (value && !query.has(key)) query.set(key, value);
  }
  if (context.currentSpm) query.set('refSpm', context.currentSpm);
  return `${path}?${query.toString()}`;
}
