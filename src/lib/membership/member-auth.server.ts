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
 * - A sign-in starts silent (snsapi_base); only an open id without an account asks for consent
 *   (snsapi_userinfo) for the nickname and avatar. A code WeChat calls invalid or used
 *   (40029/40163) starts the round again, once. The state's cookie remembers both.
 * - One person, one account: a browser already signed in (by phone) keeps its account; the open
 *   id attaches to it, or the account holding that open id is merged into it (accounts.server.ts).
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RETURNED_FROM_AUTH } from '#lib/platform/answers.ts';
import { isShopId } from '#lib/platform/ids.ts';
import { safeReturnPath } from '#lib/platform/back.ts';
import { joinShop as joinShopAsMember } from '#lib/membership/membership.server.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { shops, users } from '#lib/platform/db/schema.ts';
import type {
  AuthScope,
  MessagingAppProvider,
  MessagingIdentity,
} from '#lib/identity/index.server.ts';
import { accountOfIdentity, attachIdentity } from '#lib/identity/index.server.ts';
import {
  OPEN_ID_COOKIE,
  SESSION_COOKIE,
  SESSION_DAYS,
  createSession,
  destroySession,
  getSessionUser,
  setSessionCookies,
} from '#lib/identity/index.server.ts';
import { pathFor } from '#lib/platform/endpoint.ts';
import { IdentityContracts } from '#lib/identity/index.ts';

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

/** One round to WeChat and back: the page to return to, the scope asked, whether a restart. */
export interface AuthRound {
  back: string;
  scope: AuthScope;
  restarted: boolean;
}

/** The state cookie's value: `b` or `u` (the scope), `0` or `1` (restarted), then the page. */
export function encodeRound(round: AuthRound): string {
  return `${round.scope === 'snsapi_base' ? 'b' : 'u'}${round.restarted ? '1' : '0'}${round.back}`;
}

export function decodeRound(value: string): AuthRound | null {
  const match = /^([bu])([01])(\/.*)$/s.exec(value);
  const back = match ? safeReturnPath(match[3]!) : null;
  if (!match || !back) return null;
  return {
    back,
    scope: match[1] === 'b' ? 'snsapi_base' : 'snsapi_userinfo',
    restarted: match[2] === '1',
  };
}

/** Sends the browser to WeChat for one round, its state's cookie holding the round. */
function startRound(
  cookies: AuthCookieJar,
  provider: MessagingAppProvider,
  round: AuthRound,
  input: { origin: string; secure: boolean; shopId: string },
): string {
  const state = randomBytes(32).toString('base64url');
  cookies.set(`${AUTH_STATE_COOKIE_PREFIX}${state}`, encodeRound(round), {
    path: AUTH_STATE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: input.secure,
    maxAge: AUTH_STATE_TTL_SECONDS,
  });
  return provider.authorizeUrl(
    state,
    `${input.origin}${pathFor(IdentityContracts.memberAuthDone, { shopId: input.shopId })}`,
    round.scope,
  );
}

/** Starts a sign-in (silent first): answers where to send the browser. */
export function beginMemberAuth(
  cookies: AuthCookieJar,
  provider: MessagingAppProvider,
  input: BeginMemberAuth,
): string {
  const requested = backPath(input.backUrl, input.origin);
  const shopId = shopOfBack(requested, input.storedShopId, input.defaultShopId);
  const back = requested ?? homeOf(shopId);
  return startRound(
    cookies,
    provider,
    { back, scope: 'snsapi_base', restarted: false },
    { origin: input.origin, secure: input.secure, shopId },
  );
}

export interface FinishMemberAuth {
  shopId: string;
  origin: string;
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

/** WeChat came back: check the state, exchange the code, sign in (or go round again), go back. */
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
  const round = decodeRound(stored) ?? {
    back: homeOf(shopId),
    scope: 'snsapi_userinfo',
    restarted: true,
  };
  const failed = { location: withReturnedMark(round.back) };
  const again = (next: Partial<AuthRound>) => ({
    location: startRound(cookies, provider, { ...round, ...next }, { ...input, shopId }),
  });

  if (!code) return failed;
  const exchanged = await provider.exchange(code);
  if (!exchanged.ok)
    return exchanged.restart && !round.restarted ? again({ restarted: true }) : failed;
  const { identity } = exchanged;
  const previousToken = cookies.get(SESSION_COOKIE)?.value;
  const options = { shopId, previousToken, now: input.now };

  let signedIn: { userId: number; token: string } | null = null;
  const current = await getSessionUser(db, previousToken, input.now);
  if (current) {
    const attached = await attachIdentity(db, current.id, identity);
    // The open id is another account's that cannot be merged: the shopper stays who they are.
    if (attached === 'refused') return { ...failed, userId: current.id };
    if (attached) signedIn = await signInAccount(db, attached.userId, options);
  }
  if (!signedIn && exchanged.scope === 'snsapi_base') {
    const [known] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.openId, identity.openId))
      .limit(1);
    // A new face: ask for consent, to have a nickname and avatar for the account.
    if (!known) return again({ scope: 'snsapi_userinfo' });
    signedIn = await signInAccount(db, known.id, options);
  }
  signedIn ??= await signInWithIdentity(db, identity, options);

  setSessionCookies(cookies, signedIn.token, signedIn.userId, input.secure);
  cookies.set(OPEN_ID_COOKIE, identity.openId, {
    path: '/',
    sameSite: 'lax',
    secure: input.secure,
    maxAge: SESSION_DAYS * 86_400,
  });
  return { location: round.back, userId: signedIn.userId };
}

/** A new session for an existing account, and its membership of the shop when it has none. */
async function signInAccount(
  db: DbOrTx,
  userId: number,
  options: { shopId: string; previousToken?: string | undefined; now?: Date | undefined },
): Promise<{ userId: number; token: string }> {
  return db.transaction(async (tx) => {
    await joinShop(tx, userId, options.shopId);
    if (options.previousToken) await destroySession(tx, options.previousToken);
    return { userId, token: await createSession(tx, userId, options.now) };
  });
}

async function joinShop(tx: DbOrTx, userId: number, shopId: string): Promise<void> {
  if (!isShopId(shopId)) return;
  const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).limit(1);
  if (!shop) return;
  await joinShopAsMember(tx, shop.id, userId);
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
    const userId = await accountOfIdentity(tx, identity);
    await joinShop(tx, userId, options.shopId);
    if (options.previousToken) await destroySession(tx, options.previousToken);
    const token = await createSession(tx, userId, options.now);
    return { userId, token };
  });
}
