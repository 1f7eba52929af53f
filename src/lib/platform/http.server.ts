/**
 * Endpoint plumbing: every /api answer is the envelope, every input is parsed with zod (unknown
 * keys refused), and no stack trace ever reaches a client.
 */
import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { fail, ok } from './envelope.ts';
import { clientAddedQuery, querySchema } from './contract.ts';
import {
  AppError,
  ErrorCode,
  MAINTENANCE_HTTP_STATUS,
  MAINTENANCE_RETRY_AFTER_SECONDS,
  Messages,
  PlatformErrors,
  appError,
} from './errors.ts';
import { isDatabaseUnavailable } from './db/faults.ts';
import { env } from './env.server.ts';
import { clientAddress } from './client-address.server.ts';

z.config(z.locales.zhCN());

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) return json(fail(error.code, error.message), error.status);
  if (error instanceof z.ZodError) return json(fail(ErrorCode.BAD_REQUEST, zodMessage(error)), 400);
  if (isDatabaseUnavailable(error)) return maintenanceAnswer(error);
  console.error('[api] unexpected error', error);
  return json(fail(ErrorCode.SERVER_ERROR, Messages.SYSTEM_ERROR), 500);
}

/** The database cannot be reached: commerce §8's HTTP 588 服务器维护中~, which the client shows. */
export function maintenanceAnswer(error: unknown): Response {
  console.error('[db] unavailable:', describeFault(error));
  return json(fail(MAINTENANCE_HTTP_STATUS, Messages.MAINTENANCE), MAINTENANCE_HTTP_STATUS, {
    'retry-after': String(MAINTENANCE_RETRY_AFTER_SECONDS),
  });
}

/** One line for the log: the driver's code and message, without a stack per failed request. */
export function describeFault(error: unknown): string {
  let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  while (current?.cause && typeof current.cause === 'object') current = current.cause as never;
  return [current?.code, current?.message].filter(Boolean).join(' ') || String(error);
}

/** The first issue's message, prefixed with the field it concerns. */
export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return Messages.BAD_REQUEST;
  if (issue.code === 'unrecognized_keys') return `不支持的参数：${issue.keys.join(', ')}`;
  const field = issue.path.join('.');
  return field ? `${field}：${issue.message}` : issue.message;
}

/** Wraps a handler: its return value becomes the success envelope, its errors the error envelope. */
export function handle<T>(fn: (context: APIContext) => Promise<T> | T): APIRoute {
  return async (context) => {
    try {
      const data = await fn(context);
      if (data instanceof Response) return data;
      return json(ok(data));
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/**
 * Refuses an input holding a NUL character anywhere, keys included: no field of the shop may hold
 * one, and PostgreSQL text refuses it (a 500 had the schema let it through). Walked with a stack
 * of its own, so a deeply nested body cannot overflow the call stack.
 */
export function refuseNul(input: unknown): void {
  interface Step {
    key: PropertyKey;
    parent: Step | null;
  }
  const pending: { value: unknown; at: Step | null }[] = [{ value: input, at: null }];
  let found: Step | null | undefined;
  while (found === undefined && pending.length > 0) {
    const { value, at } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) found = at;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        // A key with a NUL is named by where it is, not by itself.
        if (key.includes('\0')) found = at;
        pending.push({
          value: item,
          at: { key: Array.isArray(value) ? Number(key) : key, parent: at },
        });
      }
    }
  }
  if (found === undefined) return;
  const path: PropertyKey[] = [];
  for (let step = found; step; step = step.parent) path.push(step.key);
  path.reverse();
  throw new z.ZodError([{ code: 'custom', path, message: Messages.NUL_CHARACTER, input }]);
}

/** Values one query key may repeat with (`?skuNos=a&skuNos=b`); more are refused unread. */
export const MAX_QUERY_VALUES = 200;

/**
 * The query, parsed by the endpoint's schema. A key given once is a string; a key repeated is
 * the array of its values (array params), at most MAX_QUERY_VALUES of them: a schema expecting
 * one string refuses it.
 */
export function parseQuery<S extends z.ZodRawShape>(url: URL, shape: S) {
  const schema = querySchema(shape);
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    // The client copies these from the page URL, where they may be present but empty.
    if (value === '' && key in clientAddedQuery) continue;
    const before = raw[key];
    if (before === undefined) raw[key] = value;
    else if (typeof before === 'string') raw[key] = [before, value];
    else if (before.length < MAX_QUERY_VALUES) before.push(value);
    else {
      throw new z.ZodError([
        { code: 'custom', path: [key], message: `最多${MAX_QUERY_VALUES}个`, input: value },
      ]);
    }
  }
  refuseNul(raw);
  return schema.parse(raw);
}

export function parseParams<S extends z.ZodRawShape>(
  params: Record<string, string | undefined>,
  shape: S,
) {
  refuseNul(params);
  return z.object(shape).parse(params);
}

/** No call of the shop sends more than this; a larger body is refused before it is read whole. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * The body as text, at most `max` bytes: a declared length above it is refused before anything is
 * read, and a longer body (chunked, or lying about its length) as soon as it passes the limit.
 */
export async function readBodyText(request: Request, max = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > max) throw appError(PlatformErrors.PAYLOAD_TOO_LARGE);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    total += value.byteLength;
    if (total > max) {
      reader.cancel().catch(() => {});
      throw appError(PlatformErrors.PAYLOAD_TOO_LARGE);
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** `application/json` or a `+json` type, with any parameters (charset). */
export function isJsonContentType(header: string | null): boolean {
  const type = header?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * The JSON body, parsed by the endpoint's schema. A body declared as anything but JSON is refused
 * 415 unread (decision 036): a cross-site form post or `text/plain` fetch — the kinds a browser
 * sends to another site without asking — is never parsed. No content type is allowed only with an
 * empty body (a call with nothing to say).
 */
export async function parseBody<S extends z.ZodRawShape>(request: Request, shape: S) {
  const type = request.headers.get('content-type');
  if (type !== null && !isJsonContentType(type)) {
    throw appError(PlatformErrors.UNSUPPORTED_MEDIA_TYPE);
  }
  const text = await readBodyText(request);
  if (type === null && text !== '') throw appError(PlatformErrors.UNSUPPORTED_MEDIA_TYPE);
  let raw: unknown;
  try {
    raw = text === '' ? {} : JSON.parse(text);
  } catch {
    throw appError(PlatformErrors.BODY_NOT_JSON);
  }
  refuseNul(raw);
  return z.strictObject(shape).parse(raw);
}

export function notFound(): never {
  throw appError(PlatformErrors.NOT_FOUND);
}

/** The caller's address for per-client limits (see clientAddress: proxies are trusted only when configured). */
export function requestClientAddress(context: APIContext): string | null {
  return clientAddress(
    context.request.headers.get('x-forwarded-for'),
    () => context.clientAddress,
    env().TRUST_PROXY,
  );
}
