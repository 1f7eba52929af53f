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
import { clientAddress } from '#lib/identity/sms-codes.server.ts';

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

export function parseQuery<S extends z.ZodRawShape>(url: URL, shape: S) {
  const schema = querySchema(shape);
  const raw: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    // The client copies these from the page URL, where they may be present but empty.
    if (value === '' && key in clientAddedQuery) continue;
    raw[key] = value;
  }
  return schema.parse(raw);
}

export function parseParams<S extends z.ZodRawShape>(
  params: Record<string, string | undefined>,
  shape: S,
) {
  return z.object(shape).parse(params);
}

/** No call of the shop sends more than this; a larger body is refused before it is read whole. */
export const MAX_BODY_BYTES = 64 * 1024;

export async function parseBody<S extends z.ZodRawShape>(request: Request, shape: S) {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw appError(PlatformErrors.PAYLOAD_TOO_LARGE);
  const text = await request.text();
  if (new TextEncoder().encode(text).byteLength > MAX_BODY_BYTES) {
    throw appError(PlatformErrors.PAYLOAD_TOO_LARGE);
  }
  let raw: unknown;
  try {
    raw = text === '' ? {} : JSON.parse(text);
  } catch {
    throw appError(PlatformErrors.BODY_NOT_JSON);
  }
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
