/**
 * The browser request client (commerce §7 "Shared request behaviour"): fetch with a 30 s timeout,
 * credentials, the shop's headers and query, and the §8 handling of answers. The platform's own
 * fetch: a client library would add weight to every page that calls.
 */
import type { Envelope } from '#lib/platform/envelope.ts';
import type { LoginHere } from '#lib/platform/routes.ts';
import { LOGOUT_PATH, classifyAnswer, toastSuppressed, type AnswerContext } from './answers.ts';
import { Messages } from '#lib/platform/errors.ts';
import type { AnyContract, CallInput, WireDataOf } from '#lib/platform/contract.ts';
import { pathFor, type Endpoint } from '#lib/platform/endpoint.ts';
import { toast } from './toast.ts';
import { deviceKey } from '#lib/platform/storage-keys.ts';
import { isRowId } from '#lib/platform/ids.ts';

export const REQUEST_TIMEOUT_MS = 30_000;
export const CLIENT_MARKER = 'shop-h5';
/** The login channel sent on login-channel calls (shell §3: loginChannel 20). */
export const LOGIN_CHANNEL = '20';

/**
 * Set once the shopper taps 退出登录 (identity/api.ts logout): calls still in flight then answer
 * "logged out", and that is no reason to send them to login_web instead of where logout goes.
 */
let signingOut = false;
export function setSigningOut(value: boolean): void {
  signingOut = value;
}

export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

function shellContext(): AnswerContext {
  return {
    inApp: document.body.dataset.inApp === 'true',
    routeName: document.body.dataset.route ?? '',
    loginHere: document.body.dataset.loginHere as LoginHere,
    spm: document.body.dataset.spm,
    pageUrl: new URL(location.href),
  };
}

export interface CallOptions {
  /** A login-channel call: adds the app-login-channel header. */
  loginChannel?: boolean;
  /** Leave error toasts to the caller. */
  silent?: boolean;
  /** Cancels the call (a newer one supersedes it, or the caller's own time limit). */
  signal?: AbortSignal;
}

type QueryValue = string | number | boolean;

export interface RequestOptions extends CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** An array is sent as the key repeated (`?skuNos=a&skuNos=b`). */
  query?: Record<string, QueryValue | readonly string[] | undefined> | undefined;
  /** JSON, raw bytes (a Blob, sent with its own content type) or a multipart FormData. */
  body?: unknown;
}

/**
 * Calls an endpoint (an area's generated `…Endpoints`) and resolves with its contract's typed
 * data: path parameters encoded into the path, query and body as the contract declares them, the
 * §8 handling of `request`.
 */
export function call<C extends AnyContract>(
  target: Endpoint<C>,
  input: CallInput<C>,
  options: CallOptions = {},
): Promise<WireDataOf<C>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: RequestOptions['query'];
    body?: unknown;
  };
  return request<WireDataOf<C>>(pathFor(target, params), {
    ...options,
    method: target.method,
    query,
    body,
  });
}

/**
 * Calls the shop's API and resolves with `data`, or rejects with an ApiError after §8 handling.
 * Prefer `call` with the endpoint; this is its wire.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const context = shellContext();
  const page = context.pageUrl.searchParams;
  const query: Record<string, QueryValue | readonly string[]> = {};
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== undefined) query[key] = value;
  // Only a well-formed sharer: a mangled one in a shared link must not make every call refused.
  const distributorId = page.get('distributorId');
  if (isRowId(distributorId) && query.distributorId === undefined) {
    query.distributorId = distributorId;
  }
  const shopId = page.get('shopId');
  if (!context.inApp && shopId && query.shopBizCode === undefined) query.shopBizCode = shopId;

  const headers: Record<string, string> = { 'x-client': CLIENT_MARKER };
  // A multipart body gets its content type, with the boundary, from the browser.
  if (options.body instanceof Blob) {
    headers['content-type'] = options.body.type || 'application/octet-stream';
  } else if (!(options.body instanceof FormData)) {
    headers['content-type'] = 'application/json';
  }
  const deviceToken = localStorage.getItem(deviceKey('deviceToken'));
  if (deviceToken) headers['x-device-token'] = deviceToken;
  const loginId = readCookie('login_id');
  if (loginId) headers['x-login-id'] = loginId;
  if (options.loginChannel) headers['app-login-channel'] = LOGIN_CHANNEL;

  const url = new URL(path, location.origin);
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      url.searchParams.append(key, String(one));
    }
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers,
    credentials: 'include',
    signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  };
  if (options.body !== undefined) {
    init.body =
      options.body instanceof Blob || options.body instanceof FormData
        ? options.body
        : JSON.stringify(options.body);
  }

  let status = 0;
  let body: Envelope<T> | null = null;
  try {
    const response = await fetch(url, init);
    status = response.status;
    // An answer that is no JSON (a proxy's error page) is handled by its status alone.
    body = response.headers.get('content-type')?.includes('json')
      ? ((await response.json()) as Envelope<T>)
      : null;
  } catch {
    throw new ApiError(-1, Messages.NETWORK);
  }

  const action = classifyAnswer(status, body, context);
  if (signingOut && ['member-auth', 'login-popup', 'login-web'].includes(action.kind)) {
    throw new ApiError(typeof body?.code === 'number' ? body.code : status, body?.message ?? '');
  }
  switch (action.kind) {
    case 'ok':
      return (body as Envelope<T>).data;
    case 'maintenance':
      toast(action.message);
      throw new ApiError(status, action.message);
    case 'member-auth':
      location.href = action.location;
      break;
    case 'login-popup':
      document.dispatchEvent(new CustomEvent('shop:login-required'));
      break;
    case 'login-web':
      // Commerce §4: clear the login cookies, mark the page logged out, go to login. The session
      // cookie is httpOnly, so the server ends it: login_web then shows its form instead of
      // sending a still-signed-in visitor straight back here.
      if (action.clearSession) {
        await fetch(LOGOUT_PATH, {
          method: 'POST',
          credentials: 'include',
        }).catch(() => undefined);
        for (const name of ['login_id', 'open_id']) document.cookie = `${name}=; Max-Age=0; path=/`;
      }
      document.body.dataset.loggedIn = 'false';
      location.href = action.location;
      break;
    case 'crawler':
      location.replace(action.location);
      break;
    case 'stay':
      break;
    case 'error':
      if (!options.silent && !toastSuppressed(action.message, context.inApp)) toast(action.message);
      throw new ApiError(action.code, action.message);
  }
  throw new ApiError(typeof body?.code === 'number' ? body.code : status, body?.message ?? '');
}
