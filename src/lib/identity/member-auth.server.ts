/**
 * Member auth: signing in with the messaging app (identity issue, item 4; shell §3, §7;
 * commerce §4, §8). `GET /api/member/auth?backUrl=` starts it, `GET /api/auth/{shopId}` finishes.
 *
 * - The state is 32 random bytes. It names an httpOnly cookie (on /api/auth/ only, 10 minutes)
 *   holding the page to go back to, so it is bound to this browser and to that page; the
 *   callback deletes it, so it works once. Several tabs may sign in at once.
 * - The back URL is never trusted: only a path of this site (or an absolute URL of this site,
 *   taken as its path) is followed; anything else goes to the shop's home.
 * - Whatever goes wrong on the way back (no or used state, consent refused, a bad code), the
 *   browser returns to the page without a session and with rdt=1, so the guard and the request
 *   client send it to login instead of round again.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RETURNED_FROM_AUTH } from '#lib/platform/answers.ts';
import { isShopId } from '#lib/platform/ids.ts';
import { safeReturnPath } from '#lib/shell/navigation.ts';
import { MemberRole } from '#lib/membership/roles.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { shopMembers, shops, users } from '#lib/platform/db/schema.ts';
import type { MessagingAppProvider, MessagingIdentity } from './messaging-app/index.server.ts';
import {
  OPEN_ID_COOKIE,
  SESSION_COOKIE,
  SESSION_DAYS,
  createSession,
  destroySession,
  setSessionCookies,
} from './sessions.server.ts';
import { pathFor } from '#lib/platform/contract.ts';
import { IdentityContracts } from './contracts.ts';

/** The one-time state of a member-auth round trip lives in an httpOnly cookie of this name. */
export const AUTH_STATE_COOKIE_PREFIX = 'mauth_';
/** The callback's folder: the state cookie travels only to `/api/auth/{shopId}`. */
export const AUTH_STATE_PATH = pathFor(IdentityContracts.memberAuthDone, { shopId: '' });
export const AUTH_STATE_TTL_SECONDS = 600;
const STATE = /^[A-Za-z0-9_-]{43}$/;

export interface AuthCookieJar {
  get(name: string): { value: string } | undefined;
  set(name: string, value: string, options: Record<string, unknown>): void;
  delete(name: string, options: { path: string }): void;
}

/** The page to go back to, as a path of this site, or null when the value is not one. */
export function backPath(value: string | undefined, origin: string): string | null {
  if (!value) return null;
  let candidate = value;
  if (/^https?:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (url.origin !== origin || url.username || url.password) return null;
    candidate = `${url.pathname}${url.search}`;
  }
  const hash = candidate.indexOf('#');
  return safeReturnPath(hash === -1 ? candidate : candidate.slice(0, hash));
}

/** The shop a back path belongs to: its shopId, else the stored one, else the default. */
export function shopOfBack(
  back: string | null,
  storedShopId: string | undefined,
  fallback: string,
): string {
  const fromBack = back ? new URL(back, 'http://x').searchParams.get('shopId') : null;
  if (isShopId(fromBack)) return fromBack;
  return isShopId(storedShopId) ? storedShopId : fallback;
}

function homeOf(shopId: string): string {
  return `/index?shopId=${encodeURIComponent(shopId)}`;
}

function withReturnedMark(path: string): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set(RETURNED_FROM_AUTH, '1');
  return `${url.pathname}${url.search}`;
}

export interface BeginMemberAuth {
  backUrl: string | undefined;
  origin: string;
  secure: boolean;
  storedShopId?: string | undefined;
  defaultShopId: string;
}

/** Starts a sign-in: remembers the page in the state's cookie; answers where to send the browser. */
export function beginMemberAuth(
  cookies: AuthCookieJar,
  provider: MessagingAppProvider,
  input: BeginMemberAuth,
): string {
  const requested = backPath(input.backUrl, input.origin);
  const shopId = shopOfBack(requested, input.storedShopId, input.defaultShopId);
  const back = requested ?? homeOf(shopId);
  const state = randomBytes(32).toString('base64url');
  cookies.set(`${AUTH_STATE_COOKIE_PREFIX}${state}`, back, {
    path: AUTH_STATE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: input.secure,
    maxAge: AUTH_STATE_TTL_SECONDS,
  });
  return provider.authorizeUrl(
    state,
    `${input.origin}${pathFor(IdentityContracts.memberAuthDone, { shopId })}`,
  );
}

export interface FinishMemberAuth {
  shopId: string;
  code: string | undefined;
  state: string | undefined;
  secure: boolean;
  now?: Date;
}

export interface FinishedMemberAuth {
  location: string;
  /** The signed-in user; absent when nobody was signed in. */
  userId?: number;
}

/** The messaging app came back: check the state, exchange the code, sign in, go back. */
export async function finishMemberAuth(
  db: DbOrTx,
  cookies: AuthCookieJar,
  provider: MessagingAppProvider,
  input: FinishMemberAuth,
): Promise<FinishedMemberAuth> {
  const { state, code, shopId } = input;
  const cookieName = `${AUTH_STATE_COOKIE_PREFIX}${state}`;
  const stored = state && STATE.test(state) ? cookies.get(cookieName)?.value : undefined;
  // Not a sign-in this browser started (or one already finished): nobody is signed in.
  if (stored === undefined) return { location: withReturnedMark(homeOf(shopId)) };
  cookies.delete(cookieName, { path: AUTH_STATE_PATH });
  const back = safeReturnPath(stored) ?? homeOf(shopId);

  const identity = code ? await provider.exchange(code) : null;
  if (!identity) return { location: withReturnedMark(back) };

  const { userId, token } = await signInWithIdentity(db, identity, {
    shopId,
    previousToken: cookies.get(SESSION_COOKIE)?.value,
    now: input.now,
  });
  setSessionCookies(cookies, token, userId, input.secure);
  cookies.set(OPEN_ID_COOKIE, identity.openId, {
    path: '/',
    sameSite: 'lax',
    secure: input.secure,
    maxAge: SESSION_DAYS * 86_400,
  });
  return { location: back, userId };
}

/**
 * The account of a messaging-app identity, created on its first sign-in (one statement, so two
 * sign-ins at once make one account), a membership of the shop if it has none, and a new session.
 */
export async function signInWithIdentity(
  db: DbOrTx,
  identity: MessagingIdentity,
  options: { shopId: string; previousToken?: string | undefined; now?: Date | undefined },
): Promise<{ userId: number; token: string }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        openId: identity.openId,
        nickname: identity.nickname,
        avatarUrl: identity.avatarUrl,
        defaultPhone: identity.defaultPhone,
      })
      .onConflictDoUpdate({
        target: users.openId,
        set: { defaultPhone: identity.defaultPhone },
      })
      .returning({ id: users.id });
    const userId = user!.id;
    if (isShopId(options.shopId)) {
      const [shop] = await tx
        .select({ id: shops.id })
        .from(shops)
        .where(eq(shops.id, options.shopId))
        .limit(1);
      if (shop) {
        await tx
          .insert(shopMembers)
          .values({
            shopId: shop.id,
            userId,
            role: MemberRole.Consumer,
            maxRole: MemberRole.Consumer,
          })
          .onConflictDoNothing();
      }
    }
    if (options.previousToken) await destroySession(tx, options.previousToken);
    const token = await createSession(tx, userId, options.now);
    return { userId, token };
  });
}
