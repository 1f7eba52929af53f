/**
 * The sandbox messaging app: its consent page (`/sandbox/messaging-consent`) stands in for the
 * app's own, and this module for the app's servers. It speaks the real protocol's shape: the
 * authorize redirect with appid, redirect_uri, response_type, scope and state; a one-time code
 * valid 5 minutes; the exchange of that code, once, for the user's identity.
 *
 * A "sandbox user" is a browser: the consent page keeps a random device id in an httpOnly cookie,
 * and the open id is a hash of it. The phone the sandbox app reports is chosen at random (139…)
 * the first time that open id consents and kept from then on — never typed in. A random number may
 * still be somebody's: binding it to an account that already holds it needs a code sent to that
 * phone (services/phone-binding.ts), so a sandbox user can never take an account over.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { messagingSandboxCodes } from '#lib/platform/db/schema.ts';
import type { MessagingAppProvider, MessagingIdentity } from './index.server.ts';

export const SANDBOX_CONSENT_PATH = '/sandbox/messaging-consent';
/** The sandbox app's "who is this phone" cookie: a random device id, httpOnly, on its page only. */
export const SANDBOX_DEVICE_COOKIE = 'sbx_device';
export const SANDBOX_CODE_TTL_MS = 5 * 60_000;
/** Not a secret of any real service: it only makes the sandbox's fixed ticket look like one. */
const SANDBOX_TICKET_SECRET = 'shop-sandbox-jsapi-ticket-v1';

const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;
/** The callbacks the sandbox consent page sends codes to: member auth's, on this site. */
const CALLBACK_PATH = /^\/api\/auth\/[A-Za-z0-9_-]{1,32}$/;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
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

/** The sandbox's fixed JS-SDK ticket for an app. */
export function sandboxTicket(appId: string): string {
  return `sbx_${createHash('sha256').update(`${SANDBOX_TICKET_SECRET}\n${appId}`).digest('base64url')}`;
}

/**
 * The member-auth callback a consent may redirect to, as a path of this site, or null: only
 * `/api/auth/{shopId}`, given as a path or as an absolute URL of `origin`.
 */
export function consentCallback(redirectUri: string | null, origin: string): string | null {
  if (!redirectUri) return null;
  let url: URL;
  try {
    url = new URL(redirectUri, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.search || url.hash || url.username || url.password) return null;
  return CALLBACK_PATH.test(url.pathname) ? url.pathname : null;
}

/** Where the consent page sends the browser: the callback with the code (none when refused). */
export function consentRedirect(callback: string, state: string, code: string | null): string {
  const query = new URLSearchParams();
  if (code) query.set('code', code);
  query.set('state', state);
  return `${callback}?${query.toString()}`;
}

function randomSandboxPhone(): string {
  return `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** The identity the sandbox app holds for a device: its open id, nickname and phone. */
export async function sandboxIdentity(
  db: DbOrTx,
  appId: string,
  deviceId: string,
): Promise<MessagingIdentity> {
  const openId = sandboxOpenId(appId, deviceId);
  const [first] = await db
    .select({ defaultPhone: messagingSandboxCodes.defaultPhone })
    .from(messagingSandboxCodes)
    .where(eq(messagingSandboxCodes.openId, openId))
    .orderBy(asc(messagingSandboxCodes.createdAt))
    .limit(1);
  return {
    openId,
    nickname: sandboxNickname(openId),
    avatarUrl: null,
    defaultPhone: first ? first.defaultPhone : randomSandboxPhone(),
  };
}

/** The user consented: a one-time code for their identity, valid 5 minutes. */
export async function issueSandboxCode(
  db: DbOrTx,
  appId: string,
  deviceId: string,
  now = new Date(),
): Promise<string> {
  const identity = await sandboxIdentity(db, appId, deviceId);
  const code = randomBytes(24).toString('base64url');
  await db.insert(messagingSandboxCodes).values({
    codeHash: sha256(code),
    openId: identity.openId,
    nickname: identity.nickname,
    avatarUrl: identity.avatarUrl,
    defaultPhone: identity.defaultPhone,
    expiresAt: new Date(now.getTime() + SANDBOX_CODE_TTL_MS),
    createdAt: now,
  });
  return code;
}

/** Exchanges a code once: one conditional UPDATE, so two exchanges of one code cannot both win. */
export async function exchangeSandboxCode(
  db: DbOrTx,
  code: string,
  now = new Date(),
): Promise<MessagingIdentity | null> {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(code)) return null;
  const [row] = await db
    .update(messagingSandboxCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(messagingSandboxCodes.codeHash, sha256(code)),
        isNull(messagingSandboxCodes.consumedAt),
        gt(messagingSandboxCodes.expiresAt, now),
      ),
    )
    .returning({
      openId: messagingSandboxCodes.openId,
      nickname: messagingSandboxCodes.nickname,
      avatarUrl: messagingSandboxCodes.avatarUrl,
      defaultPhone: messagingSandboxCodes.defaultPhone,
    });
  return row ?? null;
}

export function sandboxMessagingApp(db: DbOrTx, appId: string): MessagingAppProvider {
  return {
    appId,
    authorizeUrl(state, callback) {
      const query = new URLSearchParams({
        appid: appId,
        redirect_uri: callback,
        response_type: 'code',
        scope: 'snsapi_userinfo',
        state,
      });
      return `${SANDBOX_CONSENT_PATH}?${query.toString()}`;
    },
    exchange: (code) => exchangeSandboxCode(db, code),
    jsapiTicket: async () => sandboxTicket(appId),
  };
}

export interface ConsentRequest {
  /** The member-auth callback path to send the code to. */
  callback: string;
  state: string;
  /** The shop whose member auth asks (the callback's last segment). */
  shopId: string;
}

/**
 * The consent page's query, checked as the real app would: its own app id, a code response, a
 * state, and a redirect_uri that is member auth on this site. Null when anything is off.
 */
export function readConsentRequest(
  query: URLSearchParams,
  origin: string,
  appId: string,
): ConsentRequest | null {
  if (query.get('appid') !== appId || query.get('response_type') !== 'code') return null;
  const state = query.get('state');
  if (!state || !/^[A-Za-z0-9_-]{1,128}$/.test(state)) return null;
  const callback = consentCallback(query.get('redirect_uri'), origin);
  if (!callback) return null;
  return { callback, state, shopId: callback.slice(callback.lastIndexOf('/') + 1) };
}
