/**
 * Cross-site write refusal (CSRF). Browsers say where a request comes from with Sec-Fetch-Site;
 * older ones only with Origin, compared by host so a TLS-terminating proxy (https outside,
 * http inside) does not refuse the shop's own writes. Clients without either are not browsers.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isCrossSiteWrite(method: string, headers: Headers, host: string): boolean {
  if (SAFE_METHODS.has(method)) return false;
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
