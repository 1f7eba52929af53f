/**
 * The lottery under load on a real PostgreSQL server: 50 shoppers drawing at once a lottery whose
 * only stocked prize (3 coupons) carries all the weight get exactly three coupons between them and
 * the other 47 the consolation; a coupon that runs out before its prize does gives the
 * consolation too (the prize's count rolled back with its savepoint); one shopper drawing 20 times
 * at once with 3 chances gets 3 draws. Every call runs its own transaction on the pool, all at
 * once; each test checks what the database holds.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bootDatabase } from '#lib/platform/boot.server.ts';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  coupons,
  lotteryChances,
  lotteryDraws,
  lotteryPrizes,
  userCoupons,
} from '#lib/platform/db/schema.ts';
import { drawLottery } from '#lib/lottery/draw.server.ts';
import { TEST_DATABASE_URL, postgresDatabase } from '../fixtures/db.ts';
import { givenCoupon, givenLottery, givenMember, givenShop } from '../fixtures/given.ts';

const n = sql<number>`count(*)::int`;

let database: Database;
let db: Db;
beforeAll(async () => {
  await (await postgresDatabase()).close();
  database = await bootDatabase({ url: TEST_DATABASE_URL }, { seed: false });
  db = database.db;
});
afterAll(() => database.close());

const codeOf = (reason: unknown) => {
  if ((reason as { code?: unknown }).code === undefined) throw reason;
  return (reason as { code: number }).code;
};

async function wonOf(prizeId: number) {
  const [row] = await db
    .select({ won: lotteryPrizes.won, stock: lotteryPrizes.stock })
    .from(lotteryPrizes)
    .where(eq(lotteryPrizes.id, prizeId));
  return row!;
}

async function countsOf(lotteryId: number, couponId: number) {
  const [draws] = await db
    .select({ n })
    .from(lotteryDraws)
    .where(eq(lotteryDraws.lotteryId, lotteryId));
  const [held] = await db.select({ n }).from(userCoupons).where(eq(userCoupons.couponId, couponId));
  const [template] = await db
    .select({ issued: coupons.issued })
    .from(coupons)
    .where(eq(coupons.id, couponId));
  return { draws: draws!.n, held: held!.n, issued: template!.issued };
}

it('50 shoppers drawing at once a prize of stock 3: three win it, 47 get the consolation', async () => {
  const shop = await givenShop(db);
  const coupon = await givenCoupon(db, shop.shopId, { name: '大奖券', total: 100 });
  const lottery = await givenLottery(db, shop.shopId, [
    { name: '大奖券', weight: 1, couponId: coupon.id, stock: 3 },
    { name: '谢谢参与', weight: 0, consolation: true },
  ]);
  const [prizeId, consolationId] = lottery.prizeIds as [number, number];
  const shoppers = await Promise.all(
    Array.from({ length: 50 }, () => givenMember(db, shop.shopId)),
  );
  // The secure random source of production: the stocked prize carries all the weight.
  const results = await Promise.allSettled(
    shoppers.map((s) =>
      drawLottery(db, { shopId: shop.shopId, userId: s.id, lotteryNo: lottery.lotteryNo }),
    ),
  );
  const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  expect(failed).toEqual([]);
  const answers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const winners = answers.filter((a) => a.prize.prizeId === prizeId);
  expect(winners).toHaveLength(3);
  for (const winner of winners) {
    expect(winner).toMatchObject({ fellBack: false, prize: { kind: 'coupon' } });
    expect(winner.userCouponId).not.toBeNull();
  }
  const consoled = answers.filter((a) => a.prize.prizeId === consolationId);
  expect(consoled).toHaveLength(47);
  for (const answer of consoled)
    expect(answer).toMatchObject({ fellBack: true, userCouponId: null });

  expect(await wonOf(prizeId)).toEqual({ won: 3, stock: 3 });
  expect((await wonOf(consolationId)).won).toBe(47);
  expect(await countsOf(lottery.id, coupon.id)).toEqual({ draws: 50, held: 3, issued: 3 });
  const [spent] = await db
    .select({ n, used: sql<number>`sum(${lotteryChances.used})::int` })
    .from(lotteryChances)
    .where(eq(lotteryChances.lotteryId, lottery.id));
  expect(spent).toEqual({ n: 50, used: 50 });
});

it('a coupon running out before its prize: the prize count rolls back, the rest get the consolation', async () => {
  const shop = await givenShop(db);
  const coupon = await givenCoupon(db, shop.shopId, { name: '少量券', total: 2 });
  const lottery = await givenLottery(db, shop.shopId, [
    { name: '少量券', weight: 1, couponId: coupon.id, stock: 5 },
    { name: '谢谢参与', weight: 0, consolation: true },
  ]);
  const [prizeId, consolationId] = lottery.prizeIds as [number, number];
  const shoppers = await Promise.all(
    Array.from({ length: 20 }, () => givenMember(db, shop.shopId)),
  );
  const answers = await Promise.all(
    shoppers.map((s) =>
      drawLottery(db, {
        shopId: shop.shopId,
        userId: s.id,
        lotteryNo: lottery.lotteryNo,
        random: () => 0,
      }),
    ),
  );
  expect(answers.filter((a) => a.prize.prizeId === prizeId)).toHaveLength(2);
  expect(answers.filter((a) => a.prize.prizeId === consolationId)).toHaveLength(18);
  expect(await wonOf(prizeId)).toEqual({ won: 2, stock: 5 });
  expect((await wonOf(consolationId)).won).toBe(18);
  expect(await countsOf(lottery.id, coupon.id)).toEqual({ draws: 20, held: 2, issued: 2 });
});

it('one shopper drawing 20 times at once with 3 chances gets 3 draws', async () => {
  const shop = await givenShop(db);
  const lottery = await givenLottery(
    db,
    shop.shopId,
    [
      { name: '一等奖', weight: 1, stock: 100 },
      { name: '谢谢参与', weight: 1, consolation: true },
    ],
    { chancesPerUser: 3 },
  );
  const shopper = await givenMember(db, shop.shopId);
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, () =>
      drawLottery(db, { shopId: shop.shopId, userId: shopper.id, lotteryNo: lottery.lotteryNo }),
    ),
  );
  const drawn = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  expect(drawn).toHaveLength(3);
  expect(drawn.map((d) => d.chancesLeft).sort()).toEqual([0, 1, 2]);
  const refusals = results.flatMap((r) => (r.status === 'rejected' ? [codeOf(r.reason)] : []));
  expect(refusals).toEqual(Array.from({ length: 17 }, () => 46004));
  const [chance] = await db
    .select({ granted: lotteryChances.granted, used: lotteryChances.used })
    .from(lotteryChances)
    .where(and(eq(lotteryChances.lotteryId, lottery.id), eq(lotteryChances.userId, shopper.id)));
  expect(chance).toEqual({ granted: 3, used: 3 });
  const [draws] = await db
    .select({ n })
    .from(lotteryDraws)
    .where(eq(lotteryDraws.lotteryId, lottery.id));
  expect(draws!.n).toBe(3);
  const [prize, consolation] = await Promise.all(lottery.prizeIds.map((id) => wonOf(id)));
  expect(prize!.won + consolation!.won).toBe(3);
});
