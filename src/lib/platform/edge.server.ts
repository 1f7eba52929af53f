/**
 * The server's edge (scripts/serve.ts): what it decides about a request before Astro sees it. A
 * request line or Host header Astro cannot build a URL from, an over-long URL, and a body past
 * its limit are refused here, in the envelope under /api and as a short plain page elsewhere; the
 * path Astro gets has no leading `//`, so no redirect built from it can leave the site.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { fail } from './envelope.ts';
import { PlatformErrors, type ErrorEntry } from './errors.ts';
import { MAX_BODY_BYTES } from './http.server.ts';
import { allContracts } from '#lib/contracts.ts';

/** The longest URL accepted; no link of the shop comes near it. */
export const MAX_URL_LENGTH = 16 * 1024;
/** Node's limit on the request head: the longest URL accepted plus ordinary headers and cookies. */
export const MAX_HEADER_BYTES = 32 * 1024;

/** How much of a refused body is read and thrown away before the connection is given up. */
export const DRAIN_BYTES = 1024 * 1024;

/** What the edge needs of a request: Node's IncomingMessage has it. */
export interface RequestHead {
  url?: string | undefined;
  httpVersion: string;
  headers: IncomingHttpHeaders;
}

export type Verdict =
  | {
      kind: 'admit';
      /** The request target Astro gets: path and query, normalised. */
      url: string;
      api: boolean;
      /** The body limit, or null: the endpoint reads the body itself with a limit of its own. */
      bodyLimit: number | null;
    }
  | { kind: 'refuse'; status: number; entry: ErrorEntry; api: boolean };

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: nothing else. */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

/** The upload endpoints (a raw body, read by the endpoint itself up to its own limit). */
const UPLOAD_PATHS = allContracts
  .filter((contract) => contract.body === 'binary')
  .map((contract) => new RegExp(`^${contract.path.replace(/\{\w+\}/g, '[^/]+')}$`));

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

export function isPlainHost(host: string): boolean {
  const match = HOST.exec(host);
  return (
    match !== null &&
    host.length <= 261 &&
    Number(match[1] ?? 0) <= 65_535 &&
    URL.canParse(`http://${host}/`)
  );
}

/** Admits a request with the target Astro gets, or says how to refuse it. */
export function admit(request: RequestHead): Verdict {
  const raw = request.url ?? '/';
  // A proxy-style absolute target is read as its path: the Host header names the site.
  const target = raw.startsWith('/') ? raw : originForm(raw);
  const parsed = target === null ? null : URL.parse(`http://localhost${target}`);
  if (target === null || parsed === null) {
    return { kind: 'refuse', status: 400, entry: PlatformErrors.URL_MALFORMED, api: false };
  }
  // `//host/…` (also spelt `/\host/…` or reached through `/x/..//host/…`) is this site's `/host/…`:
  // a trailing-slash redirect of Astro or of the static files must never name another host.
  let pathname = parsed.pathname.replace(/^\/{2,}/, '/');
  const api = isApiPath(pathname);
  const refuse = (status: number, entry: ErrorEntry): Verdict => ({
    kind: 'refuse',
    status,
    entry,
    api,
  });

  if (raw.length > MAX_URL_LENGTH) return refuse(414, PlatformErrors.URI_TOO_LONG);
  try {
    decodeURI(target);
  } catch {
    return refuse(400, PlatformErrors.URL_MALFORMED);
  }
  // Pages read their query in many places; none can hold a NUL. The API's schemas name the field.
  if (!api && /%00/.test(target)) return refuse(400, PlatformErrors.URL_MALFORMED);
  const host = request.headers.host;
  const hostRequired = request.httpVersion !== '1.0';
  if (host === undefined ? hostRequired : !isPlainHost(host)) {
    return refuse(400, PlatformErrors.HOST_INVALID);
  }

  // /api/health/ is /api/health: the API answers in its envelope, never with a slash redirect.
  if (api) pathname = pathname.replace(/\/+$/, '');
  const upload = UPLOAD_PATHS.some((pattern) => pattern.test(pathname));
  return {
    kind: 'admit',
    url: `${pathname}${parsed.search}`,
    api,
    bodyLimit: upload ? null : MAX_BODY_BYTES,
  };
}

/**
 * Reads a body of at most `limit` bytes: 'too-large' as soon as it is declared or counted past the
 * limit, whatever the transfer encoding (reading stops there; see discardBody for the rest),
 * 'aborted' when the client goes away, undefined when the request has no body.
 */
export function readLimitedBody(
  request: IncomingMessage,
  limit: number,
): Promise<Buffer | undefined | 'too-large' | 'aborted'> {
  const declared = request.headers['content-length'];
  if (declared === undefined && request.headers['transfer-encoding'] === undefined) {
    return Promise.resolve(undefined);
  }
  if (Number(declared) > limit) return Promise.resolve('too-large');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const settle = (result: Buffer | 'too-large' | 'aborted') => {
      request.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > limit) {
        request.pause();
        settle('too-large');
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => settle(Buffer.concat(chunks, total));
    const onClose = () => settle('aborted');
    request.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onClose);
  });
}

/** How long a client past the drain allowance has to read the answer before the socket goes. */
export const LINGER_MS = 2_000;

/**
 * After a refusal, reads and throws away what the client still sends, so it gets the answer rather
 * than a reset connection. Past `max` bytes more, reading stops and the answer is closed with a FIN
 * (the client's writes then wait on a full window instead of failing); the socket is destroyed
 * `lingerMs` later. Nothing is kept.
 */
export function discardBody(
  request: IncomingMessage,
  max = DRAIN_BYTES,
  lingerMs = LINGER_MS,
): void {
  let discarded = 0;
  const discard = (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded <= max) return;
    request.off('data', discard);
    request.pause();
    request.socket.end();
    setTimeout(() => request.socket.destroy(), lingerMs).unref();
  };
  request.on('data', discard);
  request.resume();
}

function originForm(raw: string): string | null {
  const url = URL.parse(raw);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  return `${url.pathname}${url.search}`;
}

/** The refusal as it goes out: the envelope under /api, a line of text elsewhere. */
export function refusalBody(entry: ErrorEntry, api: boolean): { type: string; text: string } {
  return api
    ? {
        type: 'application/json; charset=utf-8',
        text: JSON.stringify(fail(entry.code, entry.message)),
      }
    : { type: 'text/plain; charset=utf-8', text: `${entry.message}\n` };
}

/**
 * A whole HTTP response for a request Node could not parse (clientError): there is no response
 * object then, only the socket. Whether it was an /api request is read from the request line when
 * the bytes at hand start with it.
 */
export function rawRefusal(errorCode: string | undefined, packet: Buffer | undefined): string {
  const [status, entry] =
    errorCode === 'HPE_HEADER_OVERFLOW'
      ? [431, PlatformErrors.HEADERS_TOO_LARGE]
      : errorCode === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, PlatformErrors.REQUEST_TIMEOUT]
        : [400, PlatformErrors.BAD_REQUEST];
  const line = packet?.toString('latin1', 0, 64) ?? '';
  const api = /^[A-Z]+ \/api(?:[/?# ]|$)/.test(line);
  const { type, text } = refusalBody(entry, api);
  return [
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}`,
    `content-type: ${type}`,
    'cache-control: no-store',
    `content-length: ${Buffer.byteLength(text)}`,
    'connection: close',
    '',
    text,
  ].join('\r\n');
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};
