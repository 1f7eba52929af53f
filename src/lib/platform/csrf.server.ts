/**
 * Cross-site write refusal (CSRF). Browsers say where a request comes from with Sec-Fetch-Site;
 * older ones only with Origin, compared by host so a TLS-terminating proxy (https outside,
 * http inside) does not refuse the shop's own writes. Clients without either are not browsers.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isCrossSiteWrite(method: string, headers: Headers, host: string): boolean {
  if (SAFE_METHODS.has(method)) return false;
  return isCrossSite(headers, host);
}

/**
 * Whether a request comes from another site, whatever its method. The few calls the
 * specification makes with GET although they change something (switchRole, the administrator
 * code) check this themselves, so a picture on another site cannot trigger them.
 */
export function isCrossSite(headers: Headers, host: string): boolean {
  const site = headers.get('sec-fetch-site');
  if (site) return site === 'cross-site' || site === 'same-site';
  const origin = headers.get('origin');
  if (origin === null) return false;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/**
 * Whether a page was opened from the shop itself or by the shopper (typed, a bookmark): for what
 * a page view changes (the automatic switch to manager). Sec-Fetch-Site when the browser sends
 * it; otherwise (older in-app browsers) only a Referer from this host will do, since a link on
 * another site sends no Origin.
 */
export function isOwnNavigation(headers: Headers, host: string): boolean {
  const site = headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const referer = headers.get('referer');
  if (!referer) return false;
  try {
    return new URL(referer).host === host;
  } catch {
    return false;
  }
}
