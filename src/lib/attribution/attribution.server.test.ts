/**
 * Attribution on the embedded database with the real migrations: noteArrival as the middleware
 * runs it (a page URL, the viewer, the request's cookies), the signed arrival cookie, the visit
 * count, first-touch binding and its expiry, and the keeper an order is attributed to.
 */
import { and, eq } from 'drizzle-orm';
import type { AstroCookies } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import { attributions, linkVisits, shopMembers } from '#lib/platform/db/schema.ts';
import { shopDay } from '#lib/platform/time.ts';
import { memoryDatabase } from '#tests/fixtures/db.ts';
import { givenMember, givenShop, givenUser } from '#tests/fixtures/given.ts';
import {
  ATTRIBUTION_MS,
  arrivalCookieName,
  arrivalPayload,
  parseArrivalPayload,
} from './attribution.ts';
import {
  arrivalCookieValue,
  attributeOrder,
  bindShopper,
  liveBinding,
  noteArrival,
  readArrival,
} from './attribution.server.ts';

/** 12:00 in Shanghai: the next few hours are the same shop day. */
const NOW = new Date('2026-11-21T04:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(NOW.getTime() + ms);

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await memoryDatabase({ seed: false });
  db = database.db;
});
afterAll(() => database.close());

interface SetCookie {
  value: string;
  options: Record<string, unknown>;
}

/** A browser's cookie jar as the middleware sees it (AstroCookies' get and set). */
function browser() {
  const jar = new Map<string, string>();
  const sets: { name: string; cookie: SetCookie }[] = [];
  const cookies = {
    get: (name: string) => (jar.has(name) ? { value: jar.get(name)! } : undefined),
    set: (name: string, value: string, options: Record<string, unknown> = {}) => {
      jar.set(name, value);
      sets.push({ name, cookie: { value, options } });
    },
    has: (name: string) => jar.has(name),
  };
  return { jar, sets, cookies: cookies as unknown as AstroCookies };
}
type Browser = ReturnType<typeof browser>;

/** A shop with two active shop keepers, a disabled one, and a shopper. */
async function givenShopWithKeepers() {
  const shop = await givenShop(db);
  const keeper = await givenMember(db, shop.shopId, { role: 3 });
  const second = await givenMember(db, shop.shopId, { role: 3 });
  const disabled = await givenMember(db, shop.shopId, { role: 3, distributorDisable: true });
  const consumer = await givenMember(db, shop.shopId);
  const shopper = await givenUser(db);
  return { shopId: shop.shopId, keeper, second, disabled, consumer, shopper };
}
type Given = Awaited<ReturnType<typeof givenShopWithKeepers>>;

/** A page request of the shop by `b`: `query` is the page URL's, `userId` the signed-in viewer. */
const visit = (
  g: Given,
  b: Browser,
  query: string,
  options: { userId?: number | null; now?: Date } = {},
) =>
  noteArrival(db, {
    shopId: g.shopId,
    params: new URLSearchParams(`shopId=${g.shopId}&${query}`),
    userId: options.userId ?? null,
    cookies: b.cookies,
    secure: true,
    now: options.now ?? NOW,
  });

async function visitsOf(g: Given, distributorId: number, day = shopDay(NOW)) {
  const [row] = await db
    .select({ visits: linkVisits.visits })
    .from(linkVisits)
    .where(
      and(
        eq(linkVisits.shopId, g.shopId),
        eq(linkVisits.distributorId, distributorId),
        eq(linkVisits.day, day),
      ),
    );
  return row?.visits ?? 0;
}

async function bindingOf(g: Given, userId: number) {
  const [row] = await db
    .select()
    .from(attributions)
    .where(and(eq(attributions.shopId, g.shopId), eq(attributions.userId, userId)));
  return row ?? null;
}

const cookieOf = (g: Given, b: Browser) => b.jar.get(arrivalCookieName(g.shopId));
const arrivalIn = async (g: Given, b: Browser) => readArrival(db, cookieOf(g, b));

describe('an anonymous arrival by a keeper’s link', () => {
  it('sets a signed, httpOnly cookie for the attribution window and counts one visit a day', async () => {
    const g = await givenShopWithKeepers();
    const b = browser();
    await visit(g, b, `distributorId=${g.keeper.id}`);
    expect(b.sets).toHaveLength(1);
    expect(b.sets[0]).toEqual({
      name: `arrival_${g.shopId}`,
      cookie: {
        value: expect.stringMatching(/^\d+\.\d+\.\d+\.0\.[A-Za-z0-9_-]{22}$/),
        options: {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: true,
          maxAge: ATTRIBUTION_MS / 1000,
        },
      },
    });
    expect(await arrivalIn(g, b)).toEqual({
      distributorId: g.keeper.id,
      at: NOW.getTime() / 1000,
      seenAt: NOW.getTime() / 1000,
      boundUserId: 0,
    });
    expect(await visitsOf(g, g.keeper.id)).toBe(1);

    // The same browser again that day, on other pages: one visit, and no new cookie.
    await visit(g, b, `distributorId=${g.keeper.id}`, { now: at(HOUR) });
    await visit(g, b, `distributorId=${g.keeper.id}&productNo=P1`, { now: at(5 * HOUR) });
    expect(await visitsOf(g, g.keeper.id)).toBe(1);
    expect(b.sets).toHaveLength(1);

    // Another browser counts, and the next day counts again.
    await visit(g, browser(), `distributorId=${g.keeper.id}`, { now: at(2 * HOUR) });
    expect(await visitsOf(g, g.keeper.id)).toBe(2);
    await visit(g, b, `distributorId=${g.keeper.id}`, { now: at(DAY) });
    expect(await visitsOf(g, g.keeper.id, shopDay(at(DAY)))).toBe(1);
    expect(await arrivalIn(g, b)).toMatchObject({
      at: NOW.getTime() / 1000,
      seenAt: at(DAY).getTime() / 1000,
    });
    // Nobody was bound: nobody signed in.
    expect(await db.select().from(attributions).where(eq(attributions.shopId, g.shopId))).toEqual(
      [],
    );
  });

  it('keeps the first keeper when another keeper’s link comes', async () => {
    const g = await givenShopWithKeepers();
    const b = browser();
    await visit(g, b, `distributorId=${g.keeper.id}`);
    const first = cookieOf(g, b);
    await visit(g, b, `distributorId=${g.second.id}`, { now: at(HOUR) });
    expect(cookieOf(g, b)).toBe(first);
    expect(await visitsOf(g, g.second.id)).toBe(0);
  });

  it('of a link dropped by distId=empty, or without a link, does nothing', async () => {
    const g = await givenShopWithKeepers();
    const b = browser();
    await visit(g, b, `distributorId=${g.keeper.id}&distId=empty`);
    await visit(g, b, '');
    expect(b.sets).toEqual([]);
    expect(await visitsOf(g, g.keeper.id)).toBe(0);
  });

  it('of a disabled keeper’s link, a consumer’s, or nobody’s, does nothing', async () => {
    const g = await givenShopWithKeepers();
    const b = browser();
    await visit(g, b, `distributorId=${g.disabled.id}`);
    await visit(g, b, `distributorId=${g.consumer.id}`);
    await visit(g, b, 'distributorId=999999999');
    expect(b.sets).toEqual([]);
    expect(await visitsOf(g, g.disabled.id)).toBe(0);
    expect(await visitsOf(g, g.consumer.id)).toBe(0);
    // Signed in, the same: no binding.
    await visit(g, b, `distributorId=${g.disabled.id}`, { userId: g.shopper.id });
    expect(await bindingOf(g, g.shopper.id)).toBeNull();
    // A keeper of another shop is nobody here.
    const elsewhere = await givenShopWithKeepers();
    await visit(g, b, `distributorId=${elsewhere.keeper.id}`, { userId: g.shopper.id });
    expect(await bindingOf(g, g.shopper.id)).toBeNull();
    expect(b.sets).toEqual([]);
  });
});

describe('the arrival cookie', () => {
  it('is ignored when forged or altered', async () => {
    const g = await givenShopWithKeepers();
    const genuine = browser();
    await visit(g, genuine, `distributorId=${g.keeper.id}`);
    const value = cookieOf(g, genuine)!;
    const signature = value.slice(value.lastIndexOf('.') + 1);
    const payload = value.slice(0, value.lastIndexOf('.'));
    const arrival = parseArrivalPayload(payload)!;

    const forgeries = [
      // Another keeper under the genuine signature.
      `${arrivalPayload({ ...arrival, distributorId: g.second.id })}.${signature}`,
      // An older arrival (to outlast a binding) under the genuine signature.
      `${arrivalPayload({ ...arrival, at: arrival.at - 10 })}.${signature}`,
      // A signature of our own.
      `${arrivalPayload({ ...arrival, distributorId: g.second.id })}.${'A'.repeat(22)}`,
      // Unsigned, or not a cookie of ours at all.
      payload,
      `${payload}.`,
      'garbage',
      `${value}x`,
      'x'.repeat(200),
    ];
    for (const forged of forgeries) {
      expect(await readArrival(db, forged), forged).toBeNull();
      const b = browser();
      b.jar.set(arrivalCookieName(g.shopId), forged);
      const user = await givenUser(db);
      // Signing in with a forged arrival binds nobody…
      await visit(g, b, '', { userId: user.id });
      expect(await bindingOf(g, user.id)).toBeNull();
      // …and a genuine link replaces it.
      await visit(g, b, `distributorId=${g.keeper.id}`, { userId: user.id, now: at(HOUR) });
      expect((await bindingOf(g, user.id))?.distributorId).toBe(g.keeper.id);
    }
    expect(await readArrival(db, value)).toEqual(arrival);
  });

  it('of one shop is not read in another', async () => {
    const g = await givenShopWithKeepers();
    const other = await givenShopWithKeepers();
    const b = browser();
    await visit(g, b, `distributorId=${g.keeper.id}`);
    // The other shop's cookie name holds the first shop's arrival: its keeper is nobody there.
    b.jar.set(arrivalCookieName(other.shopId), cookieOf(g, b)!);
    await visit(other, b, '', { userId: g.shopper.id });
    expect(await bindingOf(other, g.shopper.id)).toBeNull();
  });
});

describe('signing in', () => {
  it('after arriving binds the user to the cookie’s keeper, once', async () => {
    const g = await givenShopWithKeepers();
    const b = browser();
    await visit(g, b, `distributorId=${g.keeper.id}`);
    // Signed in later, on a page whose URL lost the link (a redirect).
    await visit(g, b, '', { userId: g.shopper.id, now: at(HOUR) });
    expect(await bindingOf(g, g.shopper.id)).toMatchObject({
      distributorId: g.keeper.id,
      boundAt: at(HOUR),
      expiresAt: new Date(at(HOUR).getTime() + ATTRIBUTION_MS),
    });
    expect(await arrivalIn(g, b)).toMatchObject({
      distributorId: g.keeper.id,
      boundUserId: g.shopper.id,
    });
    expect(await visitsOf(g, g.keeper.id)).toBe(1);
    const sets = b.sets.length;
    await visit(g, b, '', { userId: g.shopper.id, now: at(2 * HOUR) });
    expect(b.sets).toHaveLength(sets);
    expect((await bindingOf(g, g.shopper.id))!.boundAt).toEqual(at(HOUR));
  });

  it('binds at once when the link is opened signed in', async () => {
    const g = await givenShopWithKeepers();
    await visit(g, browser(), `distributorId=${g.keeper.id}`, { userId: g.shopper.id });
    expect((await bindingOf(g, g.shopper.id))?.distributorId).toBe(g.keeper.id);
    expect(await visitsOf(g, g.keeper.id)).toBe(1);
  });

  it('never binds a keeper to themselves', async () => {
    const g = await givenShopWithKeepers();
    const b = browser();
    await visit(g, b, `distributorId=${g.keeper.id}`, { userId: g.keeper.id });
    expect(b.sets).toEqual([]);
    expect(await visitsOf(g, g.keeper.id)).toBe(0);
    // Arrived anonymously by their own link, then signed in as themselves.
    await visit(g, b, `distributorId=${g.keeper.id}`);
    await visit(g, b, '', { userId: g.keeper.id, now: at(HOUR) });
    expect(await bindingOf(g, g.keeper.id)).toBeNull();
  });

  it('does not let a second keeper’s link rebind a live binding, in any browser', async () => {
    const g = await givenShopWithKeepers();
    await visit(g, browser(), `distributorId=${g.keeper.id}`, { userId: g.shopper.id });
    // Another browser (no cookie) opens the second keeper's link signed in.
    const phone = browser();
    await visit(g, phone, `distributorId=${g.second.id}`, { userId: g.shopper.id, now: at(DAY) });
    expect((await bindingOf(g, g.shopper.id))?.distributorId).toBe(g.keeper.id);
    expect(await liveBinding(db, g.shopId, g.shopper.id, at(DAY))).toBe(g.keeper.id);
    // The visit still counts for the second keeper.
    expect(await visitsOf(g, g.second.id, shopDay(at(DAY)))).toBe(1);
    // Arriving anonymously by the second link, then signing in: still the first keeper.
    const tablet = browser();
    await visit(g, tablet, `distributorId=${g.second.id}`, { now: at(2 * DAY) });
    await visit(g, tablet, '', { userId: g.shopper.id, now: at(2 * DAY + HOUR) });
    expect((await bindingOf(g, g.shopper.id))?.distributorId).toBe(g.keeper.id);
  });

  it('with the cookie of a keeper disabled since binds nobody', async () => {
    const g = await givenShopWithKeepers();
    const b = browser();
    await visit(g, b, `distributorId=${g.second.id}`);
    await db
      .update(shopMembers)
      .set({ distributorDisable: true })
      .where(and(eq(shopMembers.shopId, g.shopId), eq(shopMembers.userId, g.second.id)));
    await visit(g, b, '', { userId: g.shopper.id, now: at(HOUR) });
    expect(await bindingOf(g, g.shopper.id)).toBeNull();
  });
});

describe('bindShopper', () => {
  it('binds the first keeper for 30 days; another binds only once that lapsed', async () => {
    const g = await givenShopWithKeepers();
    const bind = (distributorId: number, now: Date) =>
      bindShopper(db, { shopId: g.shopId, userId: g.shopper.id, distributorId, now });
    expect(await bind(g.keeper.id, NOW)).toBe(g.keeper.id);
    expect(await bind(g.second.id, at(DAY))).toBe(g.keeper.id);
    expect(await bind(g.second.id, at(30 * DAY - 1))).toBe(g.keeper.id);
    expect(await liveBinding(db, g.shopId, g.shopper.id, at(30 * DAY - 1))).toBe(g.keeper.id);
    // The first keeper binding again does not stretch their own window either.
    expect(await bind(g.keeper.id, at(10 * DAY))).toBe(g.keeper.id);
    expect((await bindingOf(g, g.shopper.id))!.expiresAt).toEqual(at(30 * DAY));

    expect(await liveBinding(db, g.shopId, g.shopper.id, at(30 * DAY))).toBeNull();
    expect(await bind(g.second.id, at(30 * DAY))).toBe(g.second.id);
    expect(await bindingOf(g, g.shopper.id)).toMatchObject({
      distributorId: g.second.id,
      boundAt: at(30 * DAY),
      expiresAt: at(60 * DAY),
    });
  });

  it('never binds anyone to themselves', async () => {
    const g = await givenShopWithKeepers();
    expect(
      await bindShopper(db, {
        shopId: g.shopId,
        userId: g.keeper.id,
        distributorId: g.keeper.id,
        now: NOW,
      }),
    ).toBeNull();
    expect(await bindingOf(g, g.keeper.id)).toBeNull();
  });
});

describe('attributeOrder', () => {
  it('is the live binding’s keeper, renewed for another window by the purchase', async () => {
    const g = await givenShopWithKeepers();
    await bindShopper(db, {
      shopId: g.shopId,
      userId: g.shopper.id,
      distributorId: g.keeper.id,
      now: NOW,
    });
    // Ordering from another keeper's link does not move the shopper.
    expect(
      await attributeOrder(db, {
        shopId: g.shopId,
        userId: g.shopper.id,
        linkDistributorId: g.second.id,
        now: at(20 * DAY),
      }),
    ).toBe(g.keeper.id);
    expect((await bindingOf(g, g.shopper.id))!.expiresAt).toEqual(at(50 * DAY));
    expect(await liveBinding(db, g.shopId, g.shopper.id, at(40 * DAY))).toBe(g.keeper.id);
  });

  it('binds an unbound shopper to the link’s active keeper, and nobody to a disabled one', async () => {
    const g = await givenShopWithKeepers();
    const order = (userId: number, link: number | null, now = NOW) =>
      attributeOrder(db, { shopId: g.shopId, userId, linkDistributorId: link, now });
    expect(await order(g.shopper.id, null)).toBeNull();
    expect(await order(g.shopper.id, g.disabled.id)).toBeNull();
    expect(await order(g.shopper.id, g.consumer.id)).toBeNull();
    expect(await order(g.keeper.id, g.keeper.id)).toBeNull();
    expect(await bindingOf(g, g.shopper.id)).toBeNull();
    expect(await order(g.shopper.id, g.second.id)).toBe(g.second.id);
    expect((await bindingOf(g, g.shopper.id))?.distributorId).toBe(g.second.id);
  });

  it('is nobody once the bound keeper was disabled (the binding stays for the record)', async () => {
    const g = await givenShopWithKeepers();
    const other = await givenMember(db, g.shopId, { role: 3 });
    await bindShopper(db, {
      shopId: g.shopId,
      userId: g.shopper.id,
      distributorId: other.id,
      now: NOW,
    });
    await db
      .update(shopMembers)
      .set({ distributorDisable: true })
      .where(and(eq(shopMembers.shopId, g.shopId), eq(shopMembers.userId, other.id)));
    expect(
      await attributeOrder(db, {
        shopId: g.shopId,
        userId: g.shopper.id,
        linkDistributorId: g.keeper.id,
        now: at(DAY),
      }),
    ).toBeNull();
  });
});

describe('the cookie value', () => {
  it('round-trips through arrivalCookieValue and readArrival', async () => {
    const arrival = { distributorId: 12, at: 1_790_000_000, seenAt: 1_790_000_500, boundUserId: 0 };
    expect(await readArrival(db, await arrivalCookieValue(db, arrival))).toEqual(arrival);
    expect(await readArrival(db, undefined)).toBeNull();
    expect(await readArrival(db, '')).toBeNull();
  });
});
