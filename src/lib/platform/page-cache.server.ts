/**
 * Rendered pages for visitors who are not logged in: a shared link opened by many people in a
 * chat is rendered once per content version and served from memory, already compressed.
 *
 * A page is only kept when nothing in it depends on the visitor beyond the cache key (no session,
 * no cookie the page reads or writes besides the shop cookie), and only for PAGE_TTL_MS, so
 * countdowns and sale states drawn from the server's clock stay within a second of the truth.
 *
 * A kept page is answered two ways with the same bytes and headers: as a web Response inside the
 * middleware, and as a status, a header object and buffers for the server's front door, which
 * answers before the framework (decision 045). A page with a tail of its own per shopper (the
 * shared signed-in pages, decision 015) is compressed once up to that tail and finished per
 * request (spliced-body.server.ts).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ByteLru } from './lru.ts';
import {
  PAGE_BROTLI_QUALITY,
  compressPrefix,
  finishBody,
  type CompressedPrefix,
  type Encoding,
} from './spliced-body.server.ts';

export type { Encoding } from './spliced-body.server.ts';

export const PAGE_TTL_MS = 1000;
const MAX_BYTES = 32 * 1024 * 1024;
const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};
/** A tail longer than this is no short tail: such a page is filled and compressed whole. */
const MAX_TAIL_BYTES = 4096;

/** What the front door answers with: Node's status, headers and the body's pieces. */
export interface WireAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer[];
}

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  storedAt: number;
  ttlMs: number;
  /** What it counts for in the cache's bytes, the answers filled from it included. */
  size: number;
  /** What the step that kept it tells the front door about it (the shell's business). */
  meta: unknown;
  br?: Buffer;
  gzip?: Buffer;
  wire?: Partial<Record<Encoding, WireAnswer>>;
  /** For a page with a tail: everything before it, compressed once; null when there is none. */
  split?: { prefix: CompressedPrefix; tail: string } | null;
  /** Answers already filled, by encoding and fill key: a shopper reopening the page gets theirs. */
  filled?: Map<string, WireAnswer>;
}

/** Filled answers kept per page: the shoppers opening it within its short life. */
const MAX_FILLED_PER_PAGE = 32;

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

/** The encoding to answer with: brotli, then gzip, as the browser accepts them. */
export function pickEncoding(acceptEncoding: string | null | undefined): Encoding {
  // The common headers first: a phone says `gzip, deflate, br` (and maybe zstd), nothing more.
  if (!acceptEncoding) return 'identity';
  if (!acceptEncoding.includes(';')) {
    const names = acceptEncoding.toLowerCase().split(',');
    if (names.some((name) => name.trim() === 'br')) return 'br';
    if (names.some((name) => name.trim() === 'gzip')) return 'gzip';
    return 'identity';
  }
  const accepted = acceptEncoding
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

function encodedBody(page: CachedPage, encoding: Encoding): Buffer {
  if (encoding === 'br') return (page.br ??= brotliCompressSync(page.body, BROTLI_OPTIONS));
  if (encoding === 'gzip') return (page.gzip ??= gzipSync(page.body));
  return page.body;
}

/** The headers of the kept page in an encoding, for a body of `length` bytes. */
function answerHeaders(page: CachedPage, encoding: Encoding, length: number) {
  const headers: Record<string, string> = Object.fromEntries(page.headers);
  headers['vary'] = 'Accept-Encoding';
  if (encoding === 'identity') delete headers['content-encoding'];
  else headers['content-encoding'] = encoding;
  headers['content-length'] = String(length);
  return headers;
}

/** The kept page as a response in the browser's encoding, or null when none is fresh. */
export function cachedPage(key: string, acceptEncoding: string | null, now = Date.now()) {
  const page = freshPage(key, now);
  if (!page) return null;
  const encoding = pickEncoding(acceptEncoding);
  const body = encodedBody(page, encoding);
  const headers = answerHeaders(page, encoding, body.byteLength);
  return new Response(new Uint8Array(body), { status: page.status, headers });
}

/** The kept page for the front door: its answer in the encoding and what it was kept with. */
export function keptAnswer(
  key: string,
  acceptEncoding: string | null | undefined,
  now = Date.now(),
): { answer: WireAnswer; meta: unknown } | null {
  const page = freshPage(key, now);
  if (!page) return null;
  const encoding = pickEncoding(acceptEncoding);
  const wire = (page.wire ??= {});
  let answer = wire[encoding];
  if (!answer) {
    const body = encodedBody(page, encoding);
    answer = wire[encoding] = {
      status: page.status,
      headers: answerHeaders(page, encoding, body.byteLength),
      body: [body],
    };
  }
  return { answer, meta: page.meta };
}

/** What a kept page was kept with, while it is fresh. */
export function keptMeta(key: string, now = Date.now()): { meta: unknown } | null {
  const page = freshPage(key, now);
  return page && { meta: page.meta };
}

/**
 * The kept page with its tail (everything from the first `marker` on, nothing without one)
 * rewritten by `fill`, compressed once up to the tail; null when none is fresh, or when the tail
 * is not short (then fill and compress it whole, as cachedPlainPage gives it). `fillKey` names the
 * values `fill` writes: the same key answers the same bytes while the page lives, so a shopper's
 * answer is made once, not per request.
 */
export function filledAnswer(
  key: string,
  acceptEncoding: string | null | undefined,
  marker: string,
  fillKey: string,
  fill: (tail: string) => string,
  now = Date.now(),
): WireAnswer | null {
  const page = freshPage(key, now);
  if (!page) return null;
  if (page.split === undefined) {
    // No marker: nothing to fill, the whole page is the prefix.
    const found = page.body.indexOf(marker);
    const at = found < 0 ? page.body.byteLength : found;
    const tail = page.body.subarray(at).toString('utf8');
    page.split =
      Buffer.byteLength(tail) > MAX_TAIL_BYTES
        ? null
        : { prefix: compressPrefix(page.body.subarray(0, at)), tail };
  }
  if (!page.split) return null;
  const encoding = pickEncoding(acceptEncoding);
  const filled = (page.filled ??= new Map());
  const memo = `${encoding} ${fillKey}`;
  let answer = filled.get(memo);
  if (!answer) {
    const pieces = finishBody(page.split.prefix, Buffer.from(fill(page.split.tail)), encoding);
    const body = Buffer.concat(pieces);
    answer = {
      status: page.status,
      headers: answerHeaders(page, encoding, body.byteLength),
      body: [body],
    };
    if (filled.size >= MAX_FILLED_PER_PAGE) {
      for (const kept of filled.values()) page.size -= kept.body[0]!.byteLength;
      filled.clear();
    }
    filled.set(memo, answer);
    page.size += body.byteLength;
    pages.set(key, page, page.size);
  }
  return answer;
}

/**
 * Keeps a freshly rendered page when it may be shared, and hands back a response with the same
 * content for the visitor who caused the render. A signed-in shopper's own page may be kept
 * longer (ttlMs) when its key holds every version it was rendered from (decision 015). `meta` is
 * handed back with the page to the front door.
 */
export async function keepPage(
  key: string,
  response: Response,
  now = Date.now(),
  ttlMs = PAGE_TTL_MS,
  meta: unknown = undefined,
) {
  const cacheable =
    response.status === 200 &&
    response.headers.get('content-type')?.startsWith('text/html') === true &&
    !response.headers.has('set-cookie');
  if (!cacheable || !response.body) return response;
  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers];
  // Both compressed bodies together stay well under the plain one: count it twice.
  const size = body.byteLength * 2 + 500;
  pages.set(key, { status: 200, headers, body, storedAt: now, ttlMs, meta, size }, size);
  return new Response(new Uint8Array(body), { status: 200, headers: response.headers });
}

/** Writes a front-door answer, with cookies of its own, in one go. */
export function writeAnswer(
  res: import('node:http').ServerResponse,
  answer: WireAnswer,
  setCookies: readonly string[],
  head = false,
): void {
  const headers = setCookies.length
    ? { ...answer.headers, 'set-cookie': [...setCookies] }
    : answer.headers;
  res.writeHead(answer.status, headers);
  if (head) {
    res.end();
    return;
  }
  // One buffer, one write: copying a page of some kilobytes costs less than the socket's
  // gathered write of its pieces (measured on the signed-in product page).
  res.end(answer.body.length === 1 ? answer.body[0] : Buffer.concat(answer.body));
}
