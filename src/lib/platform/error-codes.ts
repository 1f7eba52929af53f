/**
 * The codes of both specifications' §8 and of the server's own plumbing, one export each; read
 * them as `ErrorCode.X` through #lib/platform/errors.ts, so a bundle keeps only the codes it reads.
 */
export const OK = 0;
/** A few calls document 200 as success. */
export const OK_LEGACY = 200;
export const BAD_REQUEST = 400;
export const UNAUTHORIZED = 401;
export const FORBIDDEN = 403;
export const NOT_FOUND = 404;
export const METHOD_NOT_ALLOWED = 405;
export const REQUEST_TIMEOUT = 408;
export const CONFLICT = 409;
export const PAYLOAD_TOO_LARGE = 413;
export const URI_TOO_LONG = 414;
export const UNSUPPORTED_MEDIA_TYPE = 415;
export const HEADERS_TOO_LARGE = 431;
export const TOO_MANY_REQUESTS = 429;
export const SERVER_ERROR = 500;
/**
 * Refusals that are not about being logged out. Code 403 itself means "not logged in" to the
 * client (commerce §8), so a refused role or a cross-site write must not answer code 403.
 */
export const NO_PERMISSION = 40301;
export const CROSS_SITE = 40302;
/** Shop info codes that still open the shop (§4 shop validity). */
export const SHOP_SPECIAL = 998;
export const CRAWLER = 50001;
export const NOT_LOGGED_IN = 100006;
export const SESSION_ALT = 999998;
export const SESSION_INVALID = 999999;
