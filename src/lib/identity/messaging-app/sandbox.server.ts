/**
 * The sandbox WeChat gateway (demo mode), under /sandbox/weixin/: the paths, parameters, JSON
 * answers and errcode/errmsg of WeChat's web authorization and JS-SDK credentials, so the real
 * adapter (wechat.server.ts) runs against it unchanged.
 *
 * - connect/oauth2/authorize (a page, src/pages/sandbox/weixin/connect/oauth2/authorize.astro):
 *   snsapi_base answers at once with a code; snsapi_userinfo shows the consent screen first.
 *   Like WeChat, it only opens in a browser whose user agent says MicroMessenger.
 * - sns/oauth2/access_token, sns/userinfo, cgi-bin/token, cgi-bin/ticket/getticket.
 *
 * A sandbox user is a browser: an httpOnly device id on /sandbox/weixin/, the open id a hash of
 * it. The user (nickname, and the phone it "holds", drawn at random 139… and never typed in) is
 * stored the first time the authorize page sees the browser, so the consent screen, sns/userinfo
 * and the bind-phone popup after it all speak of the same phone. That phone may be somebody's:
 * binding it to an account that already holds it needs a code sent to it (phone-binding.server.ts).
 *
 * Codes, tokens and tickets are kept as SHA-256 hashes. Codes live 5 minutes and are exchanged
 * once (one conditional UPDATE); tokens and tickets live 7200 s; fetching a new access_token
 * leaves the older ones 5 more minutes, as WeChat does.
 */
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { weixinSandboxGrants, weixinSandboxUsers } from '#lib/platform/db/schema.ts';
import { madeOnce } from '#lib/platform/secrets.server.ts';
import { env, wechatAppId, type Env } from '#lib/platform/env.server.ts';
import type { AuthScope } from './index.server.ts';

export const SANDBOX_BASE_PATH = '/sandbox/weixin/';
export const SANDBOX_AUTHORIZE_PATH = `${SANDBOX_BASE_PATH}connect/oauth2/authorize`;
/** The sandbox's "who is this phone" cookie: a random device id, httpOnly, on its pages only. */
export const SANDBOX_DEVICE_COOKIE = 'sbx_device';
export const SANDBOX_CODE_TTL_MS = 5 * 60_000;
export const SANDBOX_TOKEN_TTL_S = 7200;
/** How long an access_token still works after a newer one was fetched. */
export const SANDBOX_OLD_TOKEN_GRACE_MS = 5 * 60_000;

// Stored as JSON by madeOnce (the first versions kept the bare hex under 'sandbox-weixin').
const SECRET_NAME = 'sandbox-weixin-secret';
const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;
/** The callbacks the sandbox sends codes to: member auth's, on this site. */
const CALLBACK_PATH = /^\/api\/auth\/[A-Za-z0-9_-]{1,32}$/;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The official account the sandbox plays: WECHAT_APP_ID/WECHAT_APP_SECRET when given (all or
 * none), else `wxsandbox0000000` with a secret made once per database.
 */
export async function sandboxAccount(
  db: DbOrTx,
  config: Pick<Env, 'WECHAT_APP_ID' | 'WECHAT_APP_SECRET'> = env(),
): Promise<{ appId: string; appSecret: string }> {
  const appId = wechatAppId(config);
  if (config.WECHAT_APP_SECRET) return { appId, appSecret: config.WECHAT_APP_SECRET };
  const appSecret = await madeOnce(db, SECRET_NAME, () => randomBytes(16).toString('hex'));
  return { appId, appSecret };
}

export function newDeviceId(): string {
  return randomBytes(18).toString('base64url');
}

export function isDeviceId(value: string | undefined): value is string {
  return value !== undefined && DEVICE_ID.test(value);
}

/** The open id of a sandbox device for an app: stable, and telling nothing about the device id. */
export function sandboxOpenId(appId: string, deviceId: string): string {
  return `sbx_${sha256(`open-id\n${appId}\n${deviceId}`).slice(0, 28)}`;
}

export function sandboxNickname(openId: string): string {
  return `微信用户${openId.slice(-4).toUpperCase()}`;
}

export interface SandboxUser {
  openId: string;
  nickname: string;
  headImgUrl: string;
  phone: string;
}

/** The sandbox user of a device, made (with its phone) the first time it is asked for. */
export async function sandboxUser(
  db: DbOrTx,
  appId: string,
  deviceId: string,
): Promise<SandboxUser> {
  const openId = sandboxOpenId(appId, deviceId);
  const columns = {
    openId: weixinSandboxUsers.openId,
    nickname: weixinSandboxUsers.nickname,
    headImgUrl: weixinSandboxUsers.headImgUrl,
    phone: weixinSandboxUsers.phone,
  };
  await db
    .insert(weixinSandboxUsers)
    .values({
      openId,
      appId,
      nickname: sandboxNickname(openId),
      headImgUrl: '',
      phone: `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
    })
    .onConflictDoNothing();
  const [user] = await db
    .select(columns)
    .from(weixinSandboxUsers)
    .where(eq(weixinSandboxUsers.openId, openId));
  return user!;
}

/**
 * The member-auth callback a code may be sent to, as a path of this site, or null: only
 * `/api/auth/{shopId}`, given as a path or as an absolute URL of `origin` (WeChat likewise only
 * redirects to the account's authorized domain).
 */
export function consentCallback(
  redirectUri: string | null,
  origin: string,
  registered: readonly string[] = [],
): string | null {
  if (!redirectUri) return null;
  let url: URL;
  try {
    url = new URL(redirectUri, origin);
  } catch {
    return null;
  }
  const known = url.origin === origin || registered.includes(url.origin);
  if (!known || url.search || url.hash || url.username || url.password) return null;
  if (!CALLBACK_PATH.test(url.pathname)) return null;
  return url.origin === origin ? url.pathname : `${url.origin}${url.pathname}`;
}

/** Where the authorize page sends the browser: the callback with the code (none when refused). */
export function consentRedirect(callback: string, state: string, code: string | null): string {
  const query = new URLSearchParams();
  if (code) query.set('code', code);
  query.set('state', state);
  return `${callback}?${query.toString()}`;
}

export interface AuthorizeRequest {
  /** The member-auth callback path to send the code to. */
  callback: string;
  state: string;
  scope: AuthScope;
  /** The shop whose member auth asks (the callback's last segment). */
  shopId: string;
}

/**
 * The authorize page's query, checked as WeChat does: its own app id, a code response, a known
 * scope, a state of at most 128 letters and digits, and a redirect_uri that is member auth on
 * this site or on a site registered with the app (WeChat's 网页授权域名). Null when anything is off.
 */
export function readAuthorizeRequest(
  query: URLSearchParams,
  origin: string,
  appId: string,
  /** Other shops' origins this demo stands in for (SANDBOX_MERCHANT_ORIGINS). */
  registered: readonly string[] = [],
): AuthorizeRequest | null {
  if (query.get('appid') !== appId || query.get('response_type') !== 'code') return null;
  const scope = query.get('scope');
  if (scope !== 'snsapi_base' && scope !== 'snsapi_userinfo') return null;
  const state = query.get('state');
  if (!state || !/^[A-Za-z0-9_-]{1,128}$/.test(state)) return null;
  const callback = consentCallback(query.get('redirect_uri'), origin, registered);
  if (!callback) return null;
  return { callback, state, scope, shopId: callback.slice(callback.lastIndexOf('/') + 1) };
}

/** The user authorized (or, for snsapi_base, just arrived): a one-time code, valid 5 minutes. */
export async function issueSandboxCode(
  db: DbOrTx,
  input: { appId: string; openId: string; scope: AuthScope; now?: Date },
): Promise<string> {
  const now = input.now ?? new Date();
  const code = randomBytes(24).toString('base64url');
  await grant(db, code, {
    kind: 'code',
    appId: input.appId,
    openId: input.openId,
    scope: input.scope,
    expiresAt: new Date(now.getTime() + SANDBOX_CODE_TTL_MS),
    createdAt: now,
  });
  return code;
}

type GrantKind = 'code' | 'sns' | 'token' | 'ticket';

async function grant(
  db: DbOrTx,
  value: string,
  row: {
    kind: GrantKind;
    appId: string;
    openId?: string | null;
    scope?: string | null;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(weixinSandboxGrants).values({ hash: sha256(value), ...row });
}

async function findGrant(db: DbOrTx, kind: GrantKind, value: string) {
  const [row] = await db
    .select()
    .from(weixinSandboxGrants)
    .where(and(eq(weixinSandboxGrants.hash, sha256(value)), eq(weixinSandboxGrants.kind, kind)))
    .limit(1);
  return row;
}

/** How many access tokens and tickets the gateway has handed out for an app (tests, doctor). */
export async function sandboxFetchCounts(
  db: DbOrTx,
  appId: string,
): Promise<{ token: number; ticket: number }> {
  const rows = await db
    .select({ kind: weixinSandboxGrants.kind, n: sql<number>`count(*)::int` })
    .from(weixinSandboxGrants)
    .where(eq(weixinSandboxGrants.appId, appId))
    .groupBy(weixinSandboxGrants.kind);
  const count = (kind: GrantKind) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return { token: count('token'), ticket: count('ticket') };
}

// ── The API ──

const ERRMSG: Record<number, string> = {
  [-1]: 'system error',
  40001: 'invalid credential, access_token is invalid or not latest',
  40002: 'invalid grant_type',
  40003: 'invalid openid',
  40013: 'invalid appid',
  40029: 'invalid code',
  40097: 'invalid args',
  40125: 'invalid appsecret',
  40163: 'code been used',
  41001: 'access_token missing',
  41002: 'appid missing',
  41004: 'appsecret missing',
  41008: 'missing code',
  42001: 'access_token expired',
  48001: 'api unauthorized',
};

function json(body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json; encoding=utf-8', 'cache-control': 'no-store' },
  });
}

/** WeChat's error answer: HTTP 200, errcode and errmsg with a request id. */
function error(errcode: number): Response {
  return json({ errcode, errmsg: `${ERRMSG[errcode] ?? 'error'}, rid: ${randomUUID()}` });
}

function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );
}

export interface SandboxGatewayOptions {
  config?: Pick<Env, 'WECHAT_APP_ID' | 'WECHAT_APP_SECRET'>;
  now?: Date;
}

/** Answers one request to the sandbox's API (any path under /sandbox/weixin/ but the page). */
export async function handleWeixinSandboxRequest(
  db: DbOrTx,
  request: Request,
  options: SandboxGatewayOptions = {},
): Promise<Response> {
  const now = options.now ?? new Date();
  const url = new URL(request.url);
  const at = url.pathname.indexOf(SANDBOX_BASE_PATH);
  const path = at === -1 ? '' : url.pathname.slice(at + SANDBOX_BASE_PATH.length);
  const q = url.searchParams;
  if (request.method !== 'GET' && request.method !== 'POST') return error(-1);
  const account = await sandboxAccount(db, options.config ?? env());

  /** appid and secret as WeChat checks them; a Response when they are wrong. */
  const checkAccount = (): Response | null => {
    const appId = q.get('appid');
    const secret = q.get('secret');
    if (!appId) return error(41002);
    if (appId !== account.appId) return error(40013);
    if (!secret) return error(41004);
    if (!sameSecret(secret, account.appSecret)) return error(40125);
    return null;
  };

  /** The access_token of a query, or the errcode to answer. */
  const checkToken = async (kind: 'token' | 'sns') => {
    const value = q.get('access_token');
    if (!value) return { errcode: 41001 } as const;
    const row = await findGrant(db, kind, value);
    if (!row || row.appId !== account.appId) return { errcode: 40001 } as const;
    if (row.expiresAt <= now) return { errcode: 42001 } as const;
    return { row } as const;
  };

  switch (path) {
    case 'sns/oauth2/access_token': {
      const refused = checkAccount();
      if (refused) return refused;
      if (q.get('grant_type') !== 'authorization_code') return error(40002);
      const code = q.get('code');
      if (!code) return error(41008);
      // Used once: one conditional UPDATE, so two exchanges of one code cannot both win.
      const [row] = await db
        .update(weixinSandboxGrants)
        .set({ consumedAt: now })
        .where(
          and(
            eq(weixinSandboxGrants.hash, sha256(code)),
            eq(weixinSandboxGrants.kind, 'code'),
            eq(weixinSandboxGrants.appId, account.appId),
            isNull(weixinSandboxGrants.consumedAt),
            gt(weixinSandboxGrants.expiresAt, now),
          ),
        )
        .returning({ openId: weixinSandboxGrants.openId, scope: weixinSandboxGrants.scope });
      if (!row) {
        const known = await findGrant(db, 'code', code);
        return error(known?.consumedAt && known.appId === account.appId ? 40163 : 40029);
      }
      const accessToken = randomBytes(64).toString('base64url');
      await grant(db, accessToken, {
        kind: 'sns',
        appId: account.appId,
        openId: row.openId,
        scope: row.scope,
        expiresAt: new Date(now.getTime() + SANDBOX_TOKEN_TTL_S * 1000),
        createdAt: now,
      });
      return json({
        access_token: accessToken,
        expires_in: SANDBOX_TOKEN_TTL_S,
        refresh_token: randomBytes(64).toString('base64url'),
        openid: row.openId,
        scope: row.scope,
      });
    }

    case 'sns/userinfo': {
      const checked = await checkToken('sns');
      if ('errcode' in checked) return error(checked.errcode);
      if (checked.row.scope !== 'snsapi_userinfo') return error(48001);
      if (q.get('openid') !== checked.row.openId) return error(40003);
      const [user] = await db
        .select()
        .from(weixinSandboxUsers)
        .where(eq(weixinSandboxUsers.openId, checked.row.openId!));
      if (!user) return error(40003);
      return json({
        openid: user.openId,
        nickname: user.nickname,
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: user.headImgUrl,
        privilege: [],
        // Not WeChat's: the phone the sandbox user "holds", offered by the bind-phone popup.
        sandbox_phone: user.phone,
      });
    }

    case 'cgi-bin/token': {
      if (q.get('grant_type') !== 'client_credential') return error(40002);
      const refused = checkAccount();
      if (refused) return refused;
      const accessToken = randomBytes(96).toString('base64url');
      await db.transaction(async (tx) => {
        // The older tokens of the account keep working a few minutes, then stop.
        await tx
          .update(weixinSandboxGrants)
          .set({
            expiresAt: sql`least(${weixinSandboxGrants.expiresAt}, ${new Date(now.getTime() + SANDBOX_OLD_TOKEN_GRACE_MS).toISOString()}::timestamptz)`,
          })
          .where(
            and(
              eq(weixinSandboxGrants.kind, 'token'),
              eq(weixinSandboxGrants.appId, account.appId),
              gt(weixinSandboxGrants.expiresAt, now),
            ),
          );
        await grant(tx, accessToken, {
          kind: 'token',
          appId: account.appId,
          expiresAt: new Date(now.getTime() + SANDBOX_TOKEN_TTL_S * 1000),
          createdAt: now,
        });
      });
      return json({ access_token: accessToken, expires_in: SANDBOX_TOKEN_TTL_S });
    }

    case 'cgi-bin/ticket/getticket': {
      const checked = await checkToken('token');
      if ('errcode' in checked) return error(checked.errcode);
      if (q.get('type') !== 'jsapi') return error(40097);
      const ticket = randomBytes(64).toString('base64url');
      await grant(db, ticket, {
        kind: 'ticket',
        appId: account.appId,
        expiresAt: new Date(now.getTime() + SANDBOX_TOKEN_TTL_S * 1000),
        createdAt: now,
      });
      return json({ errcode: 0, errmsg: 'ok', ticket, expires_in: SANDBOX_TOKEN_TTL_S });
    }

    default:
      return new Response(JSON.stringify({ errcode: 48001, errmsg: ERRMSG[48001] }), {
        status: 404,
        headers: { 'content-type': 'application/json; encoding=utf-8' },
      });
  }
}
