/**
 * The lottery on the embedded database with the real migrations and the demo seed: the demo
 * lottery as a visitor sees it; a draw spends one chance and is recorded; no chance left, outside
 * the window, stopped or another shop's lottery are refused and change nothing; a prize that is
 * gone falls back to the consolation; a coupon prize lands in the user's coupons; a refused coupon
 * gives the consolation with the prize's and the coupon's counts as they were; 中奖记录.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '#lib/platform/db/client.server.ts';
import {
  coupons,
  couponUserClaims,
  lotteries,
  lotteryChances,
  lotteryDraws,
  lotteryPrizes,
  userCoupons,
} from '#lib/platform/db/schema.ts';
import { SEED_NOW, memoryDatabase } from '#tests/fixtures/db.ts';
import {
  givenCoupon,
  givenLottery,
  givenMember,
  givenShop,
  type GivenPrize,
} from '#tests/fixtures/given.ts';
import { drawCoupon } from '#lib/coupons/draw.server.ts';
import { LOTTERIES } from '#demo/lottery.ts';
import type { RandomInt } from './rules.ts';
import { drawLottery } from './draw.server.ts';
import { lotteryConfig } from './lottery.server.ts';
import { listLotteryRecords } from './records.server.ts';

const NOW = SEED_NOW;
const MINUTE = 60_000;
const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
/** A random source that always answers r: picks the prize whose stretch of the weights holds r. */
const always =
  (r: number): RandomInt =>
  () =>
    r;

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await memoryDatabase();
  db = database.db;
});
afterAll(() => database.close());

const prizeRow = async (id: number) =>
  (await db.select().from(lotteryPrizes).where(eq(lotteryPrizes.id, id)))[0]!;
const chanceRow = async (lotteryId: number, userId: number) =>
  (
    await db
      .select({ granted: lotteryChances.granted, used: lotteryChances.used })
      .from(lotteryChances)
      .where(and(eq(lotteryChances.lotteryId, lotteryId), eq(lotteryChances.userId, userId)))
  )[0] ?? null;
const drawsOf = (lotteryId: number, userId: number) =>
  db
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.lotteryId, lotteryId), eq(lotteryDraws.userId, userId)))
    .orderBy(asc(lotteryDraws.id));
const issuedOf = async (couponId: number) =>
  (await db.select({ issued: coupons.issued }).from(coupons).where(eq(coupons.id, couponId)))[0]!
    .issued;

/** A shop, a shopper, and a lottery of the shop with these prizes. */
async function aLottery(prizes: readonly GivenPrize[], overrides = {}) {
  const shop = await givenShop(db);
  const shopper = await givenMember(db, shop.shopId);
  const lottery = await givenLottery(db, shop.shopId, prizes, { now: NOW, ...overrides });
  const draw = (random: RandomInt, userId = shopper.id, now = NOW) =>
    drawLottery(db, { shopId: shop.shopId, userId, lotteryNo: lottery.lotteryNo, now, random });
  return { shop, shopper, lottery, draw };
}

describe('the demo lottery', () => {
  it('shop 1001’s 幸运抽奖: five prizes in order, 谢谢参与 the consolation, three chances', async () => {
    const config = await lotteryConfig(db, { shopId: '1001', userId: null, now: NOW });
    expect(config).toMatchObject({
      lotteryNo: LOTTERIES['1001'].lucky,
      name: '幸运抽奖',
      state: 'ongoing',
      stateText: '进行中',
      chances: { granted: 3, used: 0, left: 3 },
      signedIn: false,
    });
    expect(config!.rules).toContain('每位用户可抽奖 3 次');
    expect(config!.prizes.map((p) => [p.name, p.kind, p.face, p.consolation])).toEqual([
      ['5元无门槛券', 'coupon', '¥5.00', false],
      ['满99减10元券', 'coupon', '¥10.00', false],
      ['满299减50元券', 'coupon', '¥50.00', false],
      ['全店88折券', 'coupon', '8.8折', false],
      ['谢谢参与', 'none', '', true],
    ]);
    expect(config!.prizes[1]!.condition).toBe('满99减10');
    // Never the stock, what is left of it, or the weights.
    for (const prize of config!.prizes) {
      expect(Object.keys(prize).sort()).toEqual(
        ['condition', 'consolation', 'face', 'imageUrl', 'kind', 'name', 'prizeId'].sort(),
      );
    }
    // Shop 1002 has one of its own; a shop without one has none open.
    const other = await lotteryConfig(db, { shopId: '1002', userId: null, now: NOW });
    expect(other).toMatchObject({ lotteryNo: LOTTERIES['1002'].lucky, state: 'ongoing' });
    expect(other!.prizes.map((p) => [p.name, p.face])).toEqual([
      ['3元无门槛券', '¥3.00'],
      ['满59减8元券', '¥8.00'],
      ['满199减30元券', '¥30.00'],
      ['店铺通用券', '¥10.00'],
      ['谢谢参与', ''],
    ]);
    const empty = await givenShop(db);
    expect(await lotteryConfig(db, { shopId: empty.shopId, userId: null, now: NOW })).toBeNull();
  });

  it('is drawn as any lottery is: a shopper of 1001 wins its ¥5 coupon', async () => {
    const shopper = await givenMember(db, '1001');
    const result = await drawLottery(db, {
      shopId: '1001',
      userId: shopper.id,
      lotteryNo: LOTTERIES['1001'].lucky,
      now: NOW,
      random: always(0),
    });
    expect(result.prize).toMatchObject({ name: '5元无门槛券', kind: 'coupon', face: '¥5.00' });
    expect(result.chancesLeft).toBe(2);
    const [held] = await db.select().from(userCoupons).where(eq(userCoupons.userId, shopper.id));
    expect(held).toMatchObject({ shopId: '1001', source: 'lottery', id: result.userCouponId });
  });
});

describe('drawLottery', () => {
  it('spends one chance, takes the prize’s stock and records the draw', async () => {
    const { lottery, shopper, shop, draw } = await aLottery([
      { name: '一等奖', weight: 1, stock: 10 },
      { name: '谢谢参与', weight: 9, consolation: true },
    ]);
    const first = await draw(always(0));
    expect(first).toMatchObject({
      prize: { prizeId: lottery.prizeIds[0], name: '一等奖', kind: 'none', consolation: false },
      userCouponId: null,
      fellBack: false,
      chancesLeft: 2,
    });
    expect(await chanceRow(lottery.id, shopper.id)).toEqual({ granted: 3, used: 1 });
    expect((await prizeRow(lottery.prizeIds[0]!)).won).toBe(1);

    const second = await draw(always(5));
    expect(second).toMatchObject({
      prize: { name: '谢谢参与', consolation: true },
      chancesLeft: 1,
    });
    expect(await chanceRow(lottery.id, shopper.id)).toEqual({ granted: 3, used: 2 });
    expect((await prizeRow(lottery.prizeIds[1]!)).won).toBe(1);

    const draws = await drawsOf(lottery.id, shopper.id);
    expect(draws.map((d) => [d.id, d.prizeId, d.userCouponId, d.createdAt])).toEqual([
      [first.drawId, lottery.prizeIds[0], null, NOW],
      [second.drawId, lottery.prizeIds[1], null, NOW],
    ]);
    // The page's chances say the same.
    const config = await lotteryConfig(db, {
      shopId: shop.shopId,
      userId: shopper.id,
      now: NOW,
    });
    expect(config!.chances).toEqual({ granted: 3, used: 2, left: 1 });
    expect(config!.signedIn).toBe(true);
  });

  it('refuses once the chances are used up, and changes nothing', async () => {
    const { lottery, shop, shopper, draw } = await aLottery(
      [
        { name: '一等奖', weight: 1 },
        { name: '谢谢参与', weight: 1, consolation: true },
      ],
      { chancesPerUser: 2 },
    );
    await draw(always(0));
    const last = await draw(always(0));
    expect(last.chancesLeft).toBe(0);
    await expect(draw(always(0))).rejects.toMatchObject({
      code: 46004,
      message: '抽奖次数已用完',
    });
    expect(await chanceRow(lottery.id, shopper.id)).toEqual({ granted: 2, used: 2 });
    expect((await prizeRow(lottery.prizeIds[0]!)).won).toBe(2);
    expect(await drawsOf(lottery.id, shopper.id)).toHaveLength(2);
    // Another shopper still has their own.
    const other = await givenMember(db, shop.shopId);
    expect((await draw(always(1), other.id)).chancesLeft).toBe(1);
  });

  it('gives the chances the shop adds later to those who used theirs', async () => {
    const { lottery, shopper, draw } = await aLottery(
      [{ name: '谢谢参与', weight: 1, consolation: true }],
      { chancesPerUser: 1 },
    );
    await draw(always(0));
    await expect(draw(always(0))).rejects.toMatchObject({ code: 46004 });
    await db.update(lotteries).set({ chancesPerUser: 2 }).where(eq(lotteries.id, lottery.id));
    expect((await draw(always(0))).chancesLeft).toBe(0);
    expect(await chanceRow(lottery.id, shopper.id)).toEqual({ granted: 2, used: 2 });
  });

  it('refuses outside the window, when stopped, and another shop’s lottery, spending no chance', async () => {
    const prizes = [{ name: '谢谢参与', weight: 1, consolation: true }];
    const upcoming = await aLottery(prizes, { state: 'upcoming' });
    await expect(upcoming.draw(always(0))).rejects.toMatchObject({
      code: 46001,
      message: '抽奖活动尚未开始',
    });
    const ended = await aLottery(prizes, { state: 'ended' });
    await expect(ended.draw(always(0))).rejects.toMatchObject({
      code: 46002,
      message: '抽奖活动已结束',
    });
    const stopped = await aLottery(prizes, { active: false });
    await expect(stopped.draw(always(0))).rejects.toMatchObject({
      code: 46003,
      message: '抽奖活动已下线',
    });
    // The window's edges: open from startsAt, closed at endsAt.
    const open = await aLottery(prizes);
    const [row] = await db.select().from(lotteries).where(eq(lotteries.id, open.lottery.id));
    await expect(open.draw(always(0), open.shopper.id, row!.endsAt)).rejects.toMatchObject({
      code: 46002,
    });
    await expect(
      open.draw(always(0), open.shopper.id, new Date(row!.startsAt.getTime() - MINUTE)),
    ).rejects.toMatchObject({ code: 46001 });
    expect((await open.draw(always(0), open.shopper.id, row!.startsAt)).chancesLeft).toBe(2);

    const elsewhere = await givenShop(db);
    await expect(
      drawLottery(db, {
        shopId: elsewhere.shopId,
        userId: open.shopper.id,
        lotteryNo: open.lottery.lotteryNo,
        now: NOW,
        random: always(0),
      }),
    ).rejects.toMatchObject({ code: 40416, message: '抽奖活动不存在' });
    await expect(
      lotteryConfig(db, { shopId: elsewhere.shopId, userId: null, lotteryNo: 'L404' }),
    ).rejects.toMatchObject({ code: 40416 });

    for (const refused of [upcoming, ended, stopped]) {
      expect(await chanceRow(refused.lottery.id, refused.shopper.id)).toBeNull();
      expect(await drawsOf(refused.lottery.id, refused.shopper.id)).toEqual([]);
    }
  });

  it('falls back to the consolation when the drawn prize is gone, never past its stock', async () => {
    const { lottery, draw } = await aLottery([
      { name: '限量奖', weight: 1, stock: 1, won: 1 },
      { name: '谢谢参与', weight: 1, consolation: true },
    ]);
    const result = await draw(always(0));
    expect(result).toMatchObject({
      prize: { prizeId: lottery.consolationPrizeId, name: '谢谢参与' },
      fellBack: true,
      chancesLeft: 2,
    });
    expect(await prizeRow(lottery.prizeIds[0]!)).toMatchObject({ stock: 1, won: 1 });
    expect((await prizeRow(lottery.consolationPrizeId!)).won).toBe(1);
  });

  it('gives the consolation when no prize carries weight', async () => {
    const { lottery, draw } = await aLottery([
      { name: '零权重', weight: 0 },
      { name: '谢谢参与', weight: 0, consolation: true },
    ]);
    const result = await draw(always(0));
    expect(result.prize.prizeId).toBe(lottery.consolationPrizeId);
    expect(result.fellBack).toBe(false);
  });

  it('refuses as a whole when the prize is gone and there is no consolation', async () => {
    const { lottery, shopper, draw } = await aLottery([{ name: '限量奖', weight: 1, stock: 0 }]);
    await expect(draw(always(0))).rejects.toMatchObject({
      code: 46005,
      message: '奖品已抽完，请下次再来',
    });
    expect(await chanceRow(lottery.id, shopper.id)).toBeNull();
  });

  it('lands a coupon prize in the user’s coupons, drawn as the coupon centre draws it', async () => {
    const shop = await givenShop(db);
    const shopper = await givenMember(db, shop.shopId);
    const coupon = await givenCoupon(db, shop.shopId, {
      name: '抽奖满99减10',
      amountCents: 1000,
      thresholdCents: 9900,
      validDays: 5,
      now: NOW,
    });
    const lottery = await givenLottery(
      db,
      shop.shopId,
      [
        { name: '满99减10元券', weight: 1, couponId: coupon.id, stock: 5 },
        { name: '谢谢参与', weight: 0, consolation: true },
      ],
      { now: NOW },
    );
    const result = await drawLottery(db, {
      shopId: shop.shopId,
      userId: shopper.id,
      lotteryNo: lottery.lotteryNo,
      now: NOW,
      random: always(0),
    });
    expect(result).toMatchObject({
      prize: { name: '满99减10元券', kind: 'coupon', face: '¥10.00', condition: '满99减10' },
      fellBack: false,
      chancesLeft: 2,
    });
    const [held] = await db.select().from(userCoupons).where(eq(userCoupons.userId, shopper.id));
    expect(held).toMatchObject({
      id: result.userCouponId,
      couponId: coupon.id,
      shopId: shop.shopId,
      source: 'lottery',
      rules: { name: '抽奖满99减10', amountCents: 1000, thresholdCents: 9900 },
      validFrom: NOW,
      validTo: at(5 * DAY),
    });
    expect(await issuedOf(coupon.id)).toBe(1);
    expect((await prizeRow(lottery.prizeIds[0]!)).won).toBe(1);
    const [record] = await drawsOf(lottery.id, shopper.id);
    expect(record!.userCouponId).toBe(result.userCouponId);
  });

  it('gives the consolation when the coupon is refused, leaving the prize’s and the coupon’s counts', async () => {
    const shop = await givenShop(db);
    const shopper = await givenMember(db, shop.shopId);
    // The shopper already holds the one this coupon allows each user.
    const limited = await givenCoupon(db, shop.shopId, { perUserLimit: 1, now: NOW });
    await drawCoupon(db, {
      shopId: shop.shopId,
      userId: shopper.id,
      couponId: limited.id,
      source: 'gift',
      now: NOW,
    });
    // And this one is sold out as a coupon, though the prize has stock.
    const soldOut = await givenCoupon(db, shop.shopId, { total: 3, issued: 3, now: NOW });
    const lottery = await givenLottery(
      db,
      shop.shopId,
      [
        { name: '限领券', weight: 1, couponId: limited.id, stock: 10 },
        { name: '已抢光券', weight: 1, couponId: soldOut.id },
        { name: '谢谢参与', weight: 0, consolation: true },
      ],
      { now: NOW },
    );
    const draw = (r: number) =>
      drawLottery(db, {
        shopId: shop.shopId,
        userId: shopper.id,
        lotteryNo: lottery.lotteryNo,
        now: NOW,
        random: always(r),
      });
    for (const r of [0, 1]) {
      const result = await draw(r);
      expect(result).toMatchObject({
        prize: { name: '谢谢参与', kind: 'none' },
        userCouponId: null,
        fellBack: true,
      });
    }
    expect((await prizeRow(lottery.prizeIds[0]!)).won).toBe(0);
    expect((await prizeRow(lottery.prizeIds[1]!)).won).toBe(0);
    expect((await prizeRow(lottery.consolationPrizeId!)).won).toBe(2);
    expect(await issuedOf(limited.id)).toBe(1);
    expect(await issuedOf(soldOut.id)).toBe(3);
    const claims = await db
      .select({ couponId: couponUserClaims.couponId, claimed: couponUserClaims.claimed })
      .from(couponUserClaims)
      .where(eq(couponUserClaims.userId, shopper.id));
    expect(claims).toEqual([{ couponId: limited.id, claimed: 1 }]);
    expect(
      await db.select().from(userCoupons).where(eq(userCoupons.userId, shopper.id)),
    ).toHaveLength(1);
    expect(await chanceRow(lottery.id, shopper.id)).toEqual({ granted: 3, used: 2 });
  });

  it('draws with node:crypto’s randomInt when no source is given', async () => {
    const { shop, shopper, lottery } = await aLottery([
      { name: '一等奖', weight: 1 },
      { name: '二等奖', weight: 1 },
      { name: '谢谢参与', weight: 1, consolation: true },
    ]);
    const result = await drawLottery(db, {
      shopId: shop.shopId,
      userId: shopper.id,
      lotteryNo: lottery.lotteryNo,
      now: NOW,
    });
    expect(lottery.prizeIds).toContain(result.prize.prizeId);
  });
});

describe('中奖记录', () => {
  it('lists the user’s draws in the shop newest first, paged, with a won coupon’s figure', async () => {
    const shop = await givenShop(db);
    const shopper = await givenMember(db, shop.shopId);
    const coupon = await givenCoupon(db, shop.shopId, {
      amountCents: 500,
      perUserLimit: 5,
      now: NOW,
    });
    const lottery = await givenLottery(
      db,
      shop.shopId,
      [
        { name: '5元券', weight: 1, couponId: coupon.id },
        { name: '谢谢参与', weight: 1, consolation: true },
      ],
      { now: NOW, name: '双十二抽奖', chancesPerUser: 5 },
    );
    const draw = (r: number, minutes: number, userId = shopper.id) =>
      drawLottery(db, {
        shopId: shop.shopId,
        userId,
        lotteryNo: lottery.lotteryNo,
        now: at(minutes * MINUTE),
        random: always(r),
      });
    const first = await draw(0, 1);
    const second = await draw(1, 2);
    const third = await draw(0, 3);
    // Someone else's draw and another shop's are not listed.
    await draw(0, 4, (await givenMember(db, shop.shopId)).id);
    const other = await aLottery([{ name: '谢谢参与', weight: 1, consolation: true }]);
    await other.draw(always(0), shopper.id);

    const page1 = await listLotteryRecords(db, {
      shopId: shop.shopId,
      userId: shopper.id,
      pageNum: 1,
      pageSize: 2,
    });
    expect(page1.total).toBe(3);
    expect(page1.list).toEqual([
      {
        drawId: third.drawId,
        lotteryNo: lottery.lotteryNo,
        lotteryName: '双十二抽奖',
        prizeName: '5元券',
        kind: 'coupon',
        face: '¥5.00',
        condition: '无门槛减5',
        userCouponId: third.userCouponId,
        drawnAt: at(3 * MINUTE).toISOString(),
      },
      {
        drawId: second.drawId,
        lotteryNo: lottery.lotteryNo,
        lotteryName: '双十二抽奖',
        prizeName: '谢谢参与',
        kind: 'none',
        face: '',
        condition: '',
        userCouponId: null,
        drawnAt: at(2 * MINUTE).toISOString(),
      },
    ]);
    const page2 = await listLotteryRecords(db, {
      shopId: shop.shopId,
      userId: shopper.id,
      pageNum: 2,
      pageSize: 2,
    });
    expect(page2.list.map((r) => r.drawId)).toEqual([first.drawId]);
    expect(page2).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
  });
});
