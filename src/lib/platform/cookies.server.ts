/**
 * Cookies as the shop's steps read and write them. Astro's `AstroCookies` is one such jar (inside
 * the framework); `RequestCookies` is the front door's (decision 045), reading the Cookie header
 * and writing Set-Cookie lines as Astro writes them, so an answer from either says the same.
 */

export interface CookieOptions {
  path?: string;
  httpOnly?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
  secure?: boolean;
  maxAge?: number;
}

/** What a step needs of the request's cookies: AstroCookies has it. */
export interface CookieJar {
  get(name: string): { value: string } | undefined;
  has(name: string): boolean;
  set(name: string, value: string, options: CookieOptions): void;
}

function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The Cookie header's pairs; the first of a name wins, as in the framework. */
export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    if (name && !cookies.has(name)) cookies.set(name, decode(pair.slice(eq + 1).trim()));
  }
  return cookies;
}

/** A Set-Cookie line, its attributes in the order Astro (the `cookie` package) writes them. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  let line = `${name}=${encodeURIComponent(value)}`;
  if (options.maxAge !== undefined) line += `; Max-Age=${Math.floor(options.maxAge)}`;
  if (options.path) line += `; Path=${options.path}`;
  if (options.httpOnly) line += '; HttpOnly';
  if (options.secure) line += '; Secure';
  if (options.sameSite) {
    line += `; SameSite=${options.sameSite[0]!.toUpperCase()}${options.sameSite.slice(1)}`;
  }
  return line;
}

/** The request's cookies, and the Set-Cookie lines written since. */
export class RequestCookies implements CookieJar {
  readonly #cookies: Map<string, string>;
  readonly #written = new Map<string, { value: string; line: string }>();

  constructor(header: string | undefined) {
    this.#cookies = parseCookieHeader(header);
  }

  get(name: string): { value: string } | undefined {
    const written = this.#written.get(name);
    if (written) return { value: written.value };
    const value = this.#cookies.get(name);
    return value === undefined ? undefined : { value };
  }

  has(name: string): boolean {
    return this.#written.has(name) || this.#cookies.has(name);
  }

  set(name: string, value: string, options: CookieOptions): void {
    this.#written.set(name, { value, line: serializeCookie(name, value, options) });
  }

  /** The Set-Cookie lines to answer with. */
  get setCookies(): string[] {
    return [...this.#written.values()].map((cookie) => cookie.line);
  }
}
