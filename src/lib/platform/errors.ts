/**
 * Error plumbing: the codes of both specifications' §8 and of the server's own plumbing, the
 * shop's texts, and AppError. Each area keeps its refusals as `{ code, message }` entries in its
 * errors.ts; #lib/errors.ts combines them into the one catalogue that throw sites use:
 * `throw appError(Errors.OUT_OF_STOCK)`.
 */

import * as ErrorCode from './error-codes.ts';
import * as Messages from './messages.ts';

export { ErrorCode, Messages };

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status the server uses for maintenance; the client shows the message or the default. */
export const MAINTENANCE_HTTP_STATUS = 588;
/** How soon a client may try again while the database is away (the Retry-After header). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 5;

/** One refusal of the catalogue: its code, its text and, when not derived from the code, its HTTP status. */
export interface ErrorEntry {
  readonly code: number;
  readonly message: string;
  readonly status?: number;
}

/** The plumbing's own refusals and the §8 answers the client acts on. */
export const PlatformErrors = {
  BAD_REQUEST: { code: ErrorCode.BAD_REQUEST, message: Messages.BAD_REQUEST },
  BODY_NOT_JSON: { code: ErrorCode.BAD_REQUEST, message: '请求体不是有效的 JSON' },
  /** A call that needs a parameter the page should have sent (the brand of a brand coupon). */
  PARAM_MISSING: { code: ErrorCode.BAD_REQUEST, message: Messages.PARAM_MISSING },
  SHOP_ID_REQUIRED: { code: ErrorCode.BAD_REQUEST, message: Messages.SHOP_ID_REQUIRED },
  NOT_FOUND: { code: ErrorCode.NOT_FOUND, message: Messages.NOT_FOUND },
  METHOD_NOT_ALLOWED: { code: ErrorCode.METHOD_NOT_ALLOWED, message: Messages.METHOD_NOT_ALLOWED },
  PAYLOAD_TOO_LARGE: { code: ErrorCode.PAYLOAD_TOO_LARGE, message: Messages.PAYLOAD_TOO_LARGE },
  /** A body that is not declared JSON (a cross-site form post, text/plain): never parsed. */
  UNSUPPORTED_MEDIA_TYPE: {
    code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    message: Messages.BODY_NOT_JSON_TYPE,
  },
  /** One client holds as many event streams as it may (decision 036). */
  TOO_MANY_STREAMS: { code: ErrorCode.TOO_MANY_REQUESTS, message: Messages.TOO_MANY_STREAMS },
  /** The request refusals of the server's edge (scripts/serve.ts, platform/edge.server.ts). */
  URL_MALFORMED: { code: ErrorCode.BAD_REQUEST, message: Messages.URL_MALFORMED },
  URI_TOO_LONG: { code: ErrorCode.URI_TOO_LONG, message: Messages.URI_TOO_LONG },
  HOST_INVALID: { code: ErrorCode.BAD_REQUEST, message: Messages.HOST_INVALID },
  HEADERS_TOO_LARGE: { code: ErrorCode.HEADERS_TOO_LARGE, message: Messages.HEADERS_TOO_LARGE },
  REQUEST_TIMEOUT: { code: ErrorCode.REQUEST_TIMEOUT, message: Messages.REQUEST_TIMEOUT },
  SYSTEM_ERROR: { code: ErrorCode.SERVER_ERROR, message: Messages.SYSTEM_ERROR },
  NOT_LOGGED_IN: { code: ErrorCode.NOT_LOGGED_IN, message: Messages.NOT_LOGGED_IN },
  NO_PERMISSION: { code: ErrorCode.NO_PERMISSION, message: Messages.FORBIDDEN },
  /** HTTP 403 but not code 403, which would mean "logged out" to the client. */
  CROSS_SITE: { code: ErrorCode.CROSS_SITE, message: Messages.CROSS_SITE, status: 403 },
  MAINTENANCE: {
    code: MAINTENANCE_HTTP_STATUS,
    message: Messages.MAINTENANCE,
    status: MAINTENANCE_HTTP_STATUS,
  },
} as const satisfies Record<string, ErrorEntry>;

/** An expected failure with a code and a user-facing message; never carries a stack to the client. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: number;
  readonly status: number;

  constructor(code: number, message: string, status = httpStatusFor(code)) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** The AppError of a catalogue entry: `throw appError(Errors.OUT_OF_STOCK)`. */
export function appError(entry: ErrorEntry): AppError {
  return new AppError(entry.code, entry.message, entry.status ?? httpStatusFor(entry.code));
}

/** The HTTP status an error code travels with: 4xx for the caller's mistakes, 200 for business codes. */
export function httpStatusFor(code: number): number {
  if (code >= 400 && code < 600) return code;
  return 200;
}

/** Codes with which the shop still opens even though the shop info call did not succeed. */
export function shopStillOpens(code: number): boolean {
  return (
    code === ErrorCode.SESSION_INVALID ||
    code === ErrorCode.SESSION_ALT ||
    code === ErrorCode.SHOP_SPECIAL
  );
}

/** §8: the answers that mean "the user is not logged in". */
export function isLoginInvalid(code: number, message: string | undefined): boolean {
  return (
    code === ErrorCode.NOT_LOGGED_IN ||
    code === ErrorCode.UNAUTHORIZED ||
    code === ErrorCode.FORBIDDEN ||
    (code === ErrorCode.SERVER_ERROR && message === Messages.NOT_LOGGED_IN)
  );
}
