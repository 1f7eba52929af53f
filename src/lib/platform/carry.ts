/**
 * What every internal link carries over from the current page (shell §2): shopId (query → stored
 * context → default), distributorId (not when distId=empty), channel, shareChannel, spm,
 * shopNotice and proxy when present, and refSpm, the current page's spm code. No route table
 * here, so the browser can use it without downloading the table.
 */
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

/** The shop the current page belongs to. */
export function currentShopId(context: LinkContext): string {
  return context.query.get('shopId') || context.storedShopId || context.defaultShopId;
}

/** Adds the carried parameters to a link's own query; what the link sets itself wins. */
export function carryQuery(own: URLSearchParams, context: LinkContext): URLSearchParams {
  const query = new URLSearchParams(own);
  query.set('shopId', currentShopId(context));
  const dropDistributor = context.query.get('distId') === 'empty';
  for (const key of CARRIED_PARAMS) {
    if (key === 'distributorId' && dropDistributor) continue;
    const value = context.query.get(key);
    if (value && !query.has(key)) query.set(key, value);
  }
  if (context.currentSpm) query.set('refSpm', context.currentSpm);
  return query;
}
