/**
 * Sessions: a random token in an httpOnly cookie, stored server-side only as its SHA-256.
 * Login itself (SMS codes, in-app sign-in) builds on these.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { sessions, shopMembers, users, userVersions } from '#lib/platform/db/schema.ts';

export const SESSION_COOKIE = 'sid';
export const SESSION_DAYS = 30;

export interface SessionUser {
  id: number;
  phone: string | null;
  nickname: string;
}

export interface ShopMembership {
  currentRole: number;
  maxRole: number;
  distributorDisable: boolean;
  level: number | null;
  administrator: boolean;
  signAgreement: boolean;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: DbOrTx, userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
  });
  return token;
}

/** The user behind a session token, or null when the token is unknown or expired. */
export async function getSessionUser(
  db: DbOrTx,
  token: string | undefined,
  now = new Date(),
): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ id: users.id, phone: users.phone, nickname: users.nickname })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** The session's user and, in one query, their membership of the shop being visited. */
export async function getSession(
  db: DbOrTx,
  token: string | undefined,
  shopId: string,
  now = new Date(),
): Promise<{ user: SessionUser; member: ShopMembership | null } | null> {
  const found = await readSession(db, token, shopId, now);
  return found && { user: found.user, member: found.member };
}

export interface SessionRead {
  user: SessionUser;
  member: ShopMembership | null;
  /** The user's version (user_versions, 0 without a row) as of this read. */
  userVersion: number;
  expiresAt: Date;
}

/**
 * getSession plus what caching it needs: the user's version read in the same statement (so the
 * session and member match that version) and when the session ends.
 */
export async function readSession(
  db: DbOrTx,
  token: string | undefined,
  shopId: string,
  now = new Date(),
): Promise<SessionRead | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({
      id: users.id,
      phone: users.phone,
      nickname: users.nickname,
      expiresAt: sessions.expiresAt,
      userVersion:
        sql<number>`coalesce((select ${userVersions.version} from ${userVersions} where ${userVersions.userId} = ${users.id}), 0)`.mapWith(
          Number,
        ),
      currentRole: shopMembers.role,
      maxRole: shopMembers.maxRole,
      distributorDisable: shopMembers.distributorDisable,
      level: shopMembers.level,
      administrator: shopMembers.administrator,
      signAgreement: shopMembers.signAgreement,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(shopMembers, and(eq(shopMembers.userId, users.id), eq(shopMembers.shopId, shopId)))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const {
    id,
    phone,
    nickname,
    expiresAt,
    userVersion,
    currentRole,
    maxRole,
    distributorDisable,
    level,
    administrator,
    signAgreement,
  } = row;
  const member =
    currentRole === null ||
    maxRole === null ||
    distributorDisable === null ||
    administrator === null ||
    signAgreement === null
      ? null
      : { currentRole, maxRole, distributorDisable, level, administrator, signAgreement };
  return { user: { id, phone, nickname }, member, userVersion, expiresAt };
}

export async function destroySession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** The readable cookie naming the logged-in user (§3 "a login id"); never the session secret. */
export const LOGIN_ID_COOKIE = 'login_id';
/** The readable open-id cookie of a messaging-app sign-in (§3 "an open-id"). */
export const OPEN_ID_COOKIE = 'open_id';

interface CookieJar {
  set(name: string, value: string, options: Record<string, unknown>): void;
  delete(name: string, options: { path: string }): void;
}

/**
 * Starts a browser session: the secret token in an httpOnly, SameSite=Lax cookie (Secure over
 * https), and the user's id in a readable cookie for pages that need to know who is logged in.
 */
export function setSessionCookies(
  cookies: CookieJar,
  token: string,
  userId: number,
  secure: boolean,
): void {
  const maxAge = SESSION_DAYS * 86_400;
  cookies.set(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge,
  });
  cookies.set(LOGIN_ID_COOKIE, String(userId), { path: '/', sameSite: 'lax', secure, maxAge });
}

export function clearSessionCookies(cookies: CookieJar): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
  cookies.delete(LOGIN_ID_COOKIE, { path: '/' });
  cookies.delete(OPEN_ID_COOKIE, { path: '/' });
}
