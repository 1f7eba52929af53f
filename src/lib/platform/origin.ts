/**
 * Where the shop is served from, as shoppers see it: the origin of every absolute URL (canonical,
 * Open Graph, sitemap, robots.txt, QR links, sign-in redirect_uri, the JS-SDK signature) and
 * whether cookies are Secure. PUBLIC_ORIGIN pins it. Without it, the Host header is used only
 * when it is a plain host[:port], and X-Forwarded-Proto/-Host only behind a trusted proxy
 * (TRUST_PROXY), since anyone can send those headers straight to the server.
 */

/** A DNS name or an IPv4/IPv6 literal, with an optional port: nothing else (no user@, no path). */
const PLAIN_HOST =
  /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?))*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

export function isPlainHost(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.length <= 260 && PLAIN_HOST.test(value);
}

/** A configured public origin: http(s)://host[:port], nothing after it. Null when it is not one. */
export function parsePublicOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  if (url.pathname !== '/' || !isPlainHost(url.host)) return null;
  return url.origin;
}

export interface SiteOrigin {
  /** e.g. https://shop.example.com */
  origin: string;
  /** host[:port] of the origin, what a same-site Origin header names. */
  host: string;
  /** The shopper uses https: cookies are Secure. */
  secure: boolean;
}

export interface SiteOriginInput {
  /** PUBLIC_ORIGIN, already checked by parsePublicOrigin. */
  publicOrigin: string | undefined;
  trustProxy: boolean;
  headers: Pick<Headers, 'get'>;
  /** The URL the server saw (its protocol is the connection's). */
  url: URL;
}

/** The first value of a header a proxy may have appended to. */
function firstValue(headers: Pick<Headers, 'get'>, name: string): string | undefined {
  return headers.get(name)?.split(',')[0]?.trim() || undefined;
}

export function siteOrigin(input: SiteOriginInput): SiteOrigin {
  if (input.publicOrigin) {
    const url = new URL(input.publicOrigin);
    return { origin: url.origin, host: url.host, secure: url.protocol === 'https:' };
  }
  const { headers, trustProxy } = input;
  const forwardedProto = trustProxy ? firstValue(headers, 'x-forwarded-proto') : undefined;
  const protocol =
    forwardedProto === 'https' || forwardedProto === 'http'
      ? forwardedProto
      : input.url.protocol === 'https:'
        ? 'https'
        : 'http';
  const forwardedHost = trustProxy ? firstValue(headers, 'x-forwarded-host') : undefined;
  const host = [forwardedHost, headers.get('host')]
    .find((candidate) => isPlainHost(candidate))
    ?.toLowerCase();
  // No usable host at all (the server refuses such requests before they get here).
  const chosen = host ?? 'localhost';
  return { origin: `${protocol}://${chosen}`, host: chosen, secure: protocol === 'https' };
}
