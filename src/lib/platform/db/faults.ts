/**
 * Which errors mean "the database cannot be reached right now" rather than "this request went
 * wrong": those are answered with the maintenance page (HTTP 503) or HTTP 588 服务器维护中~, and
 * clear by themselves when the database is back. Everything else stays a 500.
 */

/** postgres.js's own codes for a connection that could not be made or was lost. */
const CLIENT_CODES = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

/** Socket and name-resolution errors of Node's net module. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away, starting, overloaded or cancelled our statement:
 * class 08 (connection exception), admin/crash shutdown, cannot connect now, too many
 * connections, and the statement timeout (57014), which means the server is too slow to serve.
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** The embedded engine after it was closed or crashed. */
const EMBEDDED_MESSAGES = [/PGlite is closed/i];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error as `cause`; follow the chain a few steps.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (CLIENT_CODES.has(code) || SOCKET_CODES.has(code)) return true;
      if (SERVER_STATES.has(code) || code.startsWith('08')) return true;
    }
    if (typeof message === 'string' && EMBEDDED_MESSAGES.some((m) => m.test(message))) return true;
    // A connection attempt to several addresses fails with an AggregateError of socket errors.
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
    current = cause;
  }
  return false;
}
