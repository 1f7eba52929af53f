/**
 * Rendered pages for visitors who are not logged in: a shared link opened by many people in a
 * chat is rendered once per content version and served from memory, already compressed.
 *
 * A page is only kept when nothing in it depends on the visitor beyond the cache key (no session,
 * no cookie the page reads or writes besides the shop cookie), and only for PAGE_TTL_MS, so
 * countdowns and sale states drawn from the server's clock stay within a second of the truth.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ByteLru } from './lru.ts';

export const PAGE_TTL_MS = 1000;
const MAX_BYTES = 32 * 1024 * 1024;
const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  storedAt: number;
  ttlMs: number;
  br?: Buffer;
  gzip?: Buffer;
}

const pages = new ByteLru<CachedPage>(MAX_BYTES);

export interface PageKeyInput {
  url: URL;
  contentVersion: number;
  inApp: boolean;
  /** The site origin the page is rendered for (its absolute URLs and cookie flags follow it). */
  origin: string;
  /** Whether the shop cookie already names this shop (else the response sets it). */
  shopCookieSet: boolean;
}

export function pageKey(input: PageKeyInput): string {
  const flags = `${Number(input.inApp)}${Number(input.shopCookieSet)}`;
  // The origin too: pages write absolute URLs (canonical, og:url) from it, and a request naming
  // another host must not put its links into the page everybody else gets.
  return `${input.contentVersion}|${flags}|${input.origin}${input.url.pathname}${input.url.search}`;
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to answer with: brotli, then gzip, as the browser accepts them. */
export function pickEncoding(acceptEncoding: string | null): Encoding {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return 'identity';
}

function freshPage(key: string, now: number): CachedPage | null {
  const page = pages.get(key);
  if (!page) return null;
  if (now - page.storedAt > page.ttlMs) {
    pages.delete(key);
    return null;
  }
  return page;
}

/** The kept page's status, headers and uncompressed body, or null when none is fresh. */
export function cachedPlainPage(key: string, now = Date.now()) {
  const page = freshPage(key, now);
  return page && { status: page.status, headers: page.headers, body: page.body };
}

/** The kept page as a response in the browser's encoding, or null when none is fresh. */
export function cachedPage(key: string, acceptEncoding: string | null, now = Date.now()) {
  const page = freshPage(key, now);
  if (!page) return null;
  const encoding = pickEncoding(acceptEncoding);
  let body = page.body;
  if (encoding === 'br') body = page.br ??= brotliCompressSync(page.body, BROTLI_OPTIONS);
  if (encoding === 'gzip') body = page.gzip ??= gzipSync(page.body);
  const headers = new Headers(page.headers);
  headers.set('vary', 'Accept-Encoding');
  if (encoding !== 'identity') headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.byteLength));
  return new Response(new Uint8Array(body), { status: page.status, headers });
}

/**
 * Keeps a freshly rendered page when it may be shared, and hands back a response with the same
 * content for the visitor who caused the render. A signed-in shopper's own page may be kept
 * longer (ttlMs) when its key holds every version it was rendered from (decision 015).
 */
export async function keepPage(
  key: string,
  response: Response,
  now = Date.now(),
  ttlMs = PAGE_TTL_MS,
) {
  const cacheable =
    response.status === 200 &&
    response.headers.get('content-type')?.startsWith('text/html') === true &&
    !response.headers.has('set-cookie');
  if (!cacheable || !response.body) return response;
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers];
  // Both compressed bodies together stay well under the plain one: count it twice.
  pages.set(key, { status: 200, headers, body, storedAt: now, ttlMs }, body.byteLength * 2 + 500);
  return new Response(new Uint8Array(body), { status: 200, headers: response.headers });
}
