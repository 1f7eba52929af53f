/**
 * Attribution on the server (attribution.ts): the arrival cookie signed with a server secret,
 * the visit count, the first-touch binding, and the keeper an order is attributed to.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { CookieJar } from '#lib/platform/cookies.server.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { attributions, linkVisits, shopMembers, users } from '#lib/platform/db/schema.ts';
import { serverSecret } from '#lib/platform/secrets.server.ts';
import { MemberRole } from '#lib/membership/index.ts';
import { shopDay } from '#lib/platform/time.ts';
import {
  ATTRIBUTION_MS,
  type Arrival,
  arrivalCookieName,
  arrivalPayload,
  arrivalStep,
  linkDistributorId,
  parseArrivalPayload,
} from './attribution.ts';

const SECRET = 'attribution-key';

async function sign(db: DbOrTx, payload: string): Promise<string> {
  return createHmac('sha256', await serverSecret(db, SECRET))
    .update(payload)
    .digest('base64url')
    .slice(0, 22);
}

/** The arrival a cookie value holds, when its signature is ours. */
export async function readArrival(db: DbOrTx, value: string | undefined): Promise<Arrival | null> {
  if (!value || value.length > 120) return null;
  const dot = value.lastIndexOf('.');
  const payload = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(await sign(db, payload));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return parseArrivalPayload(payload);
}

export async function arrivalCookieValue(db: DbOrTx, arrival: Arrival): Promise<string> {
  const payload = arrivalPayload(arrival);
  return `${payload}.${await sign(db, payload)}`;
}

/**
 * The shop's active keeper with this id (role 3, not disabled) and the name shown for them; null
 * for anybody else. The one test of who earns, shares and is named as a sharer: for ids that come
 * from a link, a cart line, a poster address or a stored share code.
 */
export async function activeKeeper(
  db: DbOrTx,
  shopId: string,
  userId: number | null,
): Promise<{ id: number; nickname: string } | null> {
  if (userId === null) return null;
  const [row] = await db
    .select({ nickname: users.nickname })
    .from(shopMembers)
    .innerJoin(users, eq(users.id, shopMembers.userId))
    .where(
      and(
        eq(shopMembers.shopId, shopId),
        eq(shopMembers.userId, userId),
        eq(shopMembers.role, MemberRole.Distributor),
        eq(shopMembers.distributorDisable, false),
      ),
    )
    .limit(1);
  return row ? { id: userId, nickname: row.nickname || '店主' } : null;
}

/** Whether a user is an active shop keeper of the shop (role 3, not disabled). */
export async function isActiveKeeper(db: DbOrTx, shopId: string, userId: number): Promise<boolean> {
  return (await activeKeeper(db, shopId, userId)) !== null;
}

/**
 * Binds a shopper to a keeper unless a binding is still live (first touch); answers the keeper
 * the shopper belongs to now. Never binds anyone to themselves.
 */
export async function bindShopper(
  db: DbOrTx,
  input: { shopId: string; userId: number; distributorId: number; now: Date },
): Promise<number | null> {
  if (input.userId === input.distributorId) return null;
  const expiresAt = new Date(input.now.getTime() + ATTRIBUTION_MS);
  await db
    .insert(attributions)
    .values({
      shopId: input.shopId,
      userId: input.userId,
      distributorId: input.distributorId,
      boundAt: input.now,
      expiresAt,
    })
    .onConflictDoUpdate({
      target: [attributions.shopId, attributions.userId],
      set: { distributorId: input.distributorId, boundAt: input.now, expiresAt },
      setWhere: lte(attributions.expiresAt, input.now),
    });
  return liveBinding(db, input.shopId, input.userId, input.now);
}

/** The keeper a shopper is bound to in a shop while the binding lasts; null otherwise. */
export async function liveBinding(
  db: DbOrTx,
  shopId: string,
  userId: number,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .select({ distributorId: attributions.distributorId })
    .from(attributions)
    .where(
      and(
        eq(attributions.shopId, shopId),
        eq(attributions.userId, userId),
        gt(attributions.expiresAt, now),
      ),
    );
  return row?.distributorId ?? null;
}

async function countVisit(db: DbOrTx, shopId: string, distributorId: number, now: Date) {
  await db
    .insert(linkVisits)
    .values({ shopId, distributorId, day: shopDay(now), visits: 1 })
    .onConflictDoUpdate({
      target: [linkVisits.shopId, linkVisits.distributorId, linkVisits.day],
      set: { visits: sql`${linkVisits.visits} + 1` },
    });
}

/**
 * A shop page request's attribution (the middleware runs it before the guard may redirect):
 * the link's keeper is remembered in the arrival cookie, a visit counted, and a signed-in viewer
 * bound. Cheap when nothing changes: no database read without a link or an unbound arrival.
 */
export async function noteArrival(
  db: DbOrTx,
  input: {
    shopId: string;
    params: URLSearchParams;
    userId: number | null;
    cookies: CookieJar;
    secure: boolean;
    now?: Date;
  },
): Promise<void> {
  const now = input.now ?? new Date();
  const name = arrivalCookieName(input.shopId);
  const raw = input.cookies.get(name)?.value;
  const link = linkDistributorId(input.params);
  if (link === null && (raw === undefined || input.userId === null)) return;
  const cookie = await readArrival(db, raw);
  const step = arrivalStep({ link, cookie, userId: input.userId, now });
  if (step.kind === 'none') return;
  const keeper = step.arrival.distributorId;
  if (!(await isActiveKeeper(db, input.shopId, keeper))) return;
  if (step.kind === 'link' && step.countVisit) await countVisit(db, input.shopId, keeper, now);
  if (step.bindUserId !== null) {
    await bindShopper(db, {
      shopId: input.shopId,
      userId: step.bindUserId,
      distributorId: keeper,
      now,
    });
  }
  input.cookies.set(name, await arrivalCookieValue(db, step.arrival), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: input.secure,
    maxAge: Math.ceil(ATTRIBUTION_MS / 1000),
  });
}

/**
 * Whose sale an order is (DESIGN: never a body field): the keeper the shopper is bound to while
 * that binding lasts; an unbound shopper is bound now to the keeper of the link they order from
 * (first touch). Only an active keeper of the shop counts. An attributed purchase renews the
 * binding for another window.
 */
export async function attributeOrder(
  db: DbOrTx,
  input: { shopId: string; userId: number; linkDistributorId?: number | null; now: Date },
): Promise<number | null> {
  let keeper = await liveBinding(db, input.shopId, input.userId, input.now);
  if (keeper === null && input.linkDistributorId && input.linkDistributorId !== input.userId) {
    if (await isActiveKeeper(db, input.shopId, input.linkDistributorId)) {
      keeper = await bindShopper(db, {
        shopId: input.shopId,
        userId: input.userId,
        distributorId: input.linkDistributorId,
        now: input.now,
      });
    }
  }
  if (keeper === null || !(await isActiveKeeper(db, input.shopId, keeper))) return null;
  await db
    .update(attributions)
    .set({ expiresAt: new Date(input.now.getTime() + ATTRIBUTION_MS) })
    .where(and(eq(attributions.shopId, input.shopId), eq(attributions.userId, input.userId)));
  return keeper;
}
