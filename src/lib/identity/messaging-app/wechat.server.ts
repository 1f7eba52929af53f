/**
 * The WeChat official account (公众号) adapter: web authorization (网页授权) and the JS-SDK's
 * credentials, over WeChat's HTTP API. In demo mode the same code speaks to the sandbox gateway
 * (/sandbox/weixin/); only the base URLs and the account differ.
 *
 * - authorize: open.weixin.qq.com/connect/oauth2/authorize?appid&redirect_uri&response_type=code
 *   &scope&state#wechat_redirect — snsapi_base signs in silently, snsapi_userinfo asks consent.
 * - code → sns/oauth2/access_token (openid, and unionid when the account is bound to an open
 *   platform); with snsapi_userinfo, sns/userinfo (nickname, headimgurl).
 * - 40029 (invalid code) and 40163 (code been used) mean the sign-in may start again, once.
 * - cgi-bin/token and cgi-bin/ticket/getticket?type=jsapi, kept by credentials.server.ts; a
 *   ticket request refused with 40001/42001 refreshes the token once and is retried.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { sharedCredential } from './credentials.server.ts';
import type { AuthScope, Exchanged, MessagingAppProvider } from './index.server.ts';

export const WECHAT_OPEN_BASE_URL = 'https://open.weixin.qq.com';
export const WECHAT_API_BASE_URL = 'https://api.weixin.qq.com';

/** WeChat's error codes this adapter acts on. */
export const WechatErrcode = {
  INVALID_CREDENTIAL: 40001,
  INVALID_CODE: 40029,
  CODE_BEEN_USED: 40163,
  ACCESS_TOKEN_EXPIRED: 42001,
} as const;

const TIMEOUT_MS = 8_000;

export class WechatApiError extends Error {
  override name = 'WechatApiError';
  readonly errcode: number;
  readonly errmsg: string;
  /** The API path (never the query: it carries the secret). */
  readonly path: string;
  constructor(errcode: number, errmsg: string, path: string) {
    super(`WeChat ${path} answered errcode ${errcode}: ${errmsg}`);
    this.errcode = errcode;
    this.errmsg = errmsg;
    this.path = path;
  }
}

export interface WechatSettings {
  appId: string;
  /** The AppSecret, read when first needed (the sandbox's own is kept in the database). */
  appSecret: () => Promise<string>;
  /** Where browsers are sent to authorize: an origin, or a path of this site (the sandbox). */
  openBaseUrl: string;
  apiBaseUrl: string;
  /**
   * Demo mode only: the sandbox reports the phone its user "holds" (sandbox_phone), which binding
   * offers without a code. WeChat never sends one; in production this is false.
   */
  acceptsSandboxPhone: boolean;
  fetch?: typeof fetch;
}

type Answer = Record<string, unknown> & { errcode?: number; errmsg?: string };

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path}`;
}

export function wechatMessagingApp(db: DbOrTx, settings: WechatSettings): MessagingAppProvider {
  const { appId } = settings;
  const doFetch = settings.fetch ?? fetch;

  async function get(path: string, query: Record<string, string>): Promise<Answer> {
    const url = `${joinUrl(settings.apiBaseUrl, path)}?${new URLSearchParams(query).toString()}`;
    const response = await doFetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new WechatApiError(-1, `HTTP ${response.status}, not JSON`, path);
    }
    if (!body || typeof body !== 'object') throw new WechatApiError(-1, 'not an object', path);
    return body as Answer;
  }

  const failed = (answer: Answer) => typeof answer.errcode === 'number' && answer.errcode !== 0;
  const refuse = (answer: Answer, path: string): never => {
    throw new WechatApiError(answer.errcode ?? -1, String(answer.errmsg ?? ''), path);
  };

  function accessToken(rejected?: string): Promise<string> {
    return sharedCredential(
      db,
      { appId, kind: 'access_token' },
      async () => {
        const answer = await get('cgi-bin/token', {
          grant_type: 'client_credential',
          appid: appId,
          secret: await settings.appSecret(),
        });
        if (failed(answer) || typeof answer.access_token !== 'string')
          return refuse(answer, 'cgi-bin/token');
        return { value: answer.access_token, expiresIn: Number(answer.expires_in) || 7200 };
      },
      { rejected },
    );
  }

  return {
    appId,

    authorizeUrl(state: string, callback: string, scope: AuthScope) {
      // WeChat reads the parameters in this order and needs the #wechat_redirect fragment.
      const query = new URLSearchParams({
        appid: appId,
        redirect_uri: callback,
        response_type: 'code',
        scope,
        state,
      });
      return `${joinUrl(settings.openBaseUrl, 'connect/oauth2/authorize')}?${query.toString()}#wechat_redirect`;
    },

    async exchange(code: string): Promise<Exchanged> {
      try {
        const token = await get('sns/oauth2/access_token', {
          appid: appId,
          secret: await settings.appSecret(),
          code,
          grant_type: 'authorization_code',
        });
        if (
          token.errcode === WechatErrcode.INVALID_CODE ||
          token.errcode === WechatErrcode.CODE_BEEN_USED
        )
          return { ok: false, restart: true };
        if (failed(token) || typeof token.openid !== 'string' || !token.openid)
          return refuse(token, 'sns/oauth2/access_token');
        const openId = token.openid;
        const unionId = typeof token.unionid === 'string' ? token.unionid : null;
        const scopes = String(token.scope ?? '').split(',');
        if (!scopes.includes('snsapi_userinfo')) {
          return {
            ok: true,
            scope: 'snsapi_base',
            identity: { openId, unionId, nickname: '', avatarUrl: null, defaultPhone: null },
          };
        }
        const info = await get('sns/userinfo', {
          access_token: String(token.access_token),
          openid: openId,
          lang: 'zh_CN',
        });
        if (failed(info) || info.openid !== openId) return refuse(info, 'sns/userinfo');
        const phone = info.sandbox_phone;
        return {
          ok: true,
          scope: 'snsapi_userinfo',
          identity: {
            openId,
            unionId: typeof info.unionid === 'string' ? info.unionid : unionId,
            nickname: typeof info.nickname === 'string' ? info.nickname : '',
            avatarUrl:
              typeof info.headimgurl === 'string' && info.headimgurl ? info.headimgurl : null,
            defaultPhone:
              settings.acceptsSandboxPhone && typeof phone === 'string' && /^1\d{10}$/.test(phone)
                ? phone
                : null,
          },
        };
      } catch (error) {
        // The sign-in fails (back with rdt=1); what WeChat said is logged, never the secret.
        console.error(
          '[wechat] sign-in code exchange failed:',
          error instanceof Error ? error.message : error,
        );
        return { ok: false, restart: false };
      }
    },

    jsapiTicket() {
      return sharedCredential(db, { appId, kind: 'jsapi_ticket' }, async () => {
        const ask = (token: string) =>
          get('cgi-bin/ticket/getticket', { access_token: token, type: 'jsapi' });
        let token = await accessToken();
        let answer = await ask(token);
        if (
          answer.errcode === WechatErrcode.INVALID_CREDENTIAL ||
          answer.errcode === WechatErrcode.ACCESS_TOKEN_EXPIRED
        ) {
          // Refused (another fetch replaced it, or it expired early): a new one, once.
          token = await accessToken(token);
          answer = await ask(token);
        }
        if (failed(answer) || typeof answer.ticket !== 'string')
          return refuse(answer, 'cgi-bin/ticket/getticket');
        return { value: answer.ticket, expiresIn: Number(answer.expires_in) || 7200 };
      });
    },
  };
}
