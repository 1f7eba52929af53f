/**
 * Signing in with WeChat (DESIGN.md "Modes, providers and sandboxes"): the redirect to WeChat's
 * authorize page, the exchange of the one-time code it returns for the user's identity, and the
 * JS-SDK ticket the signature endpoint signs with. env().MESSAGING_APP_PROVIDER is `wechat` (the
 * real adapter); in demo mode it speaks to the sandbox gateway under /sandbox/weixin/ unless
 * WECHAT_*_BASE_URL say otherwise. `sandbox` is an alias of `wechat`, accepted in demo mode only.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { env, wechatAppId, type Env } from '#lib/platform/env.server.ts';
import { selfOrigin } from '#lib/platform/self-origin.server.ts';
import { SANDBOX_BASE_PATH, sandboxAccount } from './sandbox.server.ts';
import { WECHAT_API_BASE_URL, WECHAT_OPEN_BASE_URL, wechatMessagingApp } from './wechat.server.ts';

/** Who WeChat says the user is. */
export interface MessagingIdentity {
  /** Stable per user and official account. */
  openId: string;
  /** Stable per user across the accounts of one open platform; null when not bound to one. */
  unionId?: string | null;
  /** Empty after a silent (snsapi_base) sign-in. */
  nickname: string;
  avatarUrl: string | null;
  /** The phone the app vouches for (the sandbox only; WeChat shares none): null otherwise. */
  defaultPhone: string | null;
}

/** snsapi_base: the open id, silently; snsapi_userinfo: nickname and avatar, after consent. */
export type AuthScope = 'snsapi_base' | 'snsapi_userinfo';

export type Exchanged =
  | { ok: true; scope: AuthScope; identity: MessagingIdentity }
  /** restart: the code was invalid or used already (40029/40163): starting again may work. */
  | { ok: false; restart: boolean };

export interface MessagingAppProvider {
  readonly appId: string;
  /**
   * Where to send the browser to authorize. WeChat comes back to `callback` with `code` and
   * `state` (no code when the user refused).
   */
  authorizeUrl(state: string, callback: string, scope: AuthScope): string;
  /** The identity behind a one-time code. */
  exchange(code: string): Promise<Exchanged>;
  /** The current JS-SDK ticket (jsapi_ticket), shared by every process. */
  jsapiTicket(): Promise<string>;
}

export interface MessagingAppOptions {
  config?: Pick<
    Env,
    | 'SHOP_MODE'
    | 'WECHAT_APP_ID'
    | 'WECHAT_APP_SECRET'
    | 'WECHAT_OPEN_BASE_URL'
    | 'WECHAT_API_BASE_URL'
  >;
  fetch?: typeof fetch;
}

/** The configured provider (the credentials it keeps live in `db`). */
export function messagingApp(db: DbOrTx, options: MessagingAppOptions = {}): MessagingAppProvider {
  const config = options.config ?? env();
  const demo = config.SHOP_MODE === 'demo';
  const appId = wechatAppId(config);
  const given = config.WECHAT_APP_SECRET;
  return wechatMessagingApp(db, {
    appId,
    appSecret: given ? async () => given : async () => (await sandboxAccount(db, config)).appSecret,
    // The browser goes to the sandbox's page on this site; this server calls the sandbox's API
    // over HTTP like any outside service.
    openBaseUrl: config.WECHAT_OPEN_BASE_URL ?? (demo ? SANDBOX_BASE_PATH : WECHAT_OPEN_BASE_URL),
    apiBaseUrl:
      config.WECHAT_API_BASE_URL ??
      (demo ? `${selfOrigin()}${SANDBOX_BASE_PATH}` : WECHAT_API_BASE_URL),
    acceptsSandboxPhone: demo,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
