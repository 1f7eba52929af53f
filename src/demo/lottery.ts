/**
 * The demo lotteries (幸运抽奖, 拆红包) of shops 1001 and 1002: three chances per user, open from
 * three days before the seed time for a month. Prizes of 1001, by weight out of 100: a ¥5
 * no-threshold coupon (25, unlimited), 满99减10 (15, 500 of them), the limited 满299减50 (2, only
 * 5), the shop's 全店88折券 (8, 50 of them) and 谢谢参与 (50), the consolation every prize that is
 * gone falls back to. Shop 1002's: ¥3 (30), 满59减8 (15, 300 of them), 满199减30 (3, only 10), its
 * 店铺通用券 (7, 50 of them) and 谢谢参与 (45). The lotteries' own coupons are not in the coupon
 * centre. Shop 1002's is seeded after everything else, so the serial ids before it stay.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { COUPONS } from './plan.ts';

const DAY = 86_400_000;

/** The demo lotteries and the coupons only they give, by number. */
export const LOTTERIES = {
  '1001': { lucky: 'L100101' },
  '1002': { lucky: 'L100201' },
} as const;
export const LOTTERY_COUPONS = {
  '1001': { fiveOff: 'C100111', tenOff: 'C100112', fiftyOff: 'C100113' },
  '1002': { threeOff: 'C100211', eightOff: 'C100212', thirtyOff: 'C100213' },
} as const;

export const LUCKY_RULES = [
  '1. 活动期间每位用户可抽奖 3 次，次数用完即止。',
  '2. 抽中的优惠券自动放入「我的优惠券」，可在有效期内下单使用。',
  '3. 奖品数量有限，抽完即止；奖品抽完时视为「谢谢参与」。',
  '4. 如有疑问，请联系店铺客服。',
].join('\n');

interface LotteryCoupon {
  couponNo: string;
  name: string;
  description: string;
  amountCents: number;
  thresholdCents: number;
  total: number;
  perUserLimit: number;
  /** Its prize: name, weight and stock (none: unlimited). */
  prize: { name: string; weight: number; stock?: number };
}

interface LotteryPlan {
  shopId: string;
  lotteryNo: string;
  own: LotteryCoupon[];
  /** A coupon of the shop's own given as a prize too. */
  shopCoupon: { couponNo: string; name: string; weight: number; stock: number };
  /** The weight of 谢谢参与. */
  noneWeight: number;
}

const PLANS: Record<'1001' | '1002', LotteryPlan> = {
  '1001': {
    shopId: '1001',
    lotteryNo: LOTTERIES['1001'].lucky,
    own: [
      {
        couponNo: LOTTERY_COUPONS['1001'].fiveOff,
        name: '抽奖无门槛券',
        description: '幸运抽奖奖品，全店可用',
        amountCents: 500,
        thresholdCents: 0,
        total: 10_000,
        perUserLimit: 3,
        prize: { name: '5元无门槛券', weight: 25 },
      },
      {
        couponNo: LOTTERY_COUPONS['1001'].tenOff,
        name: '抽奖满减券',
        description: '幸运抽奖奖品，全店满 99 可用',
        amountCents: 1000,
        thresholdCents: 9900,
        total: 5000,
        perUserLimit: 3,
        prize: { name: '满99减10元券', weight: 15, stock: 500 },
      },
      {
        couponNo: LOTTERY_COUPONS['1001'].fiftyOff,
        name: '抽奖大额券',
        description: '幸运抽奖奖品，全店满 299 可用',
        amountCents: 5000,
        thresholdCents: 29900,
        total: 100,
        perUserLimit: 1,
        prize: { name: '满299减50元券', weight: 2, stock: 5 },
      },
    ],
    shopCoupon: { couponNo: COUPONS['1001'].discount, name: '全店88折券', weight: 8, stock: 50 },
    noneWeight: 50,
  },
  '1002': {
    shopId: '1002',
    lotteryNo: LOTTERIES['1002'].lucky,
    own: [
      {
        couponNo: LOTTERY_COUPONS['1002'].threeOff,
        name: '抽奖无门槛券',
        description: '幸运抽奖奖品，全店可用',
        amountCents: 300,
        thresholdCents: 0,
        total: 10_000,
        perUserLimit: 3,
        prize: { name: '3元无门槛券', weight: 30 },
      },
      {
        couponNo: LOTTERY_COUPONS['1002'].eightOff,
        name: '抽奖满减券',
        description: '幸运抽奖奖品，全店满 59 可用',
        amountCents: 800,
        thresholdCents: 5900,
        total: 3000,
        perUserLimit: 3,
        prize: { name: '满59减8元券', weight: 15, stock: 300 },
      },
      {
        couponNo: LOTTERY_COUPONS['1002'].thirtyOff,
        name: '抽奖大额券',
        description: '幸运抽奖奖品，全店满 199 可用',
        amountCents: 3000,
        thresholdCents: 19900,
        total: 100,
        perUserLimit: 1,
        prize: { name: '满199减30元券', weight: 3, stock: 10 },
      },
    ],
    shopCoupon: { couponNo: COUPONS['1002'].shopWide, name: '店铺通用券', weight: 7, stock: 50 },
    noneWeight: 45,
  },
};

export function seedLottery(tx: Tx, now: Date): Promise<void> {
  return seedLotteryOf(tx, now, PLANS['1001']);
}

export function seedLottery1002(tx: Tx, now: Date): Promise<void> {
  return seedLotteryOf(tx, now, PLANS['1002']);
}

async function seedLotteryOf(tx: Tx, now: Date, plan: LotteryPlan): Promise<void> {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const window = { claimFrom: at(-3 * DAY), claimTo: at(30 * DAY), inCenter: false };
  const coupons = await tx
    .insert(t.coupons)
    .values(
      plan.own.map(({ prize: _prize, ...coupon }) => ({
        ...coupon,
        shopId: plan.shopId,
        validDays: 7,
        ...window,
      })),
    )
    .returning({ id: t.coupons.id, couponNo: t.coupons.couponNo });
  const idOf = (couponNo: string) => coupons.find((c) => c.couponNo === couponNo)!.id;
  const [shopCoupon] = await tx
    .select({ id: t.coupons.id })
    .from(t.coupons)
    .where(eq(t.coupons.couponNo, plan.shopCoupon.couponNo));

  const [lottery] = await tx
    .insert(t.lotteries)
    .values({
      lotteryNo: plan.lotteryNo,
      shopId: plan.shopId,
      name: '幸运抽奖',
      rules: LUCKY_RULES,
      chancesPerUser: 3,
      startsAt: at(-3 * DAY),
      endsAt: at(30 * DAY),
    })
    .returning({ id: t.lotteries.id });
  const lotteryId = lottery!.id;
  const prizes = await tx
    .insert(t.lotteryPrizes)
    .values([
      ...plan.own.map((c, i) => ({
        lotteryId,
        sort: i + 1,
        name: c.prize.name,
        kind: 'coupon' as const,
        couponId: idOf(c.couponNo),
        weight: c.prize.weight,
        ...(c.prize.stock === undefined ? {} : { stock: c.prize.stock }),
      })),
      {
        lotteryId,
        sort: plan.own.length + 1,
        name: plan.shopCoupon.name,
        kind: 'coupon' as const,
        couponId: shopCoupon!.id,
        weight: plan.shopCoupon.weight,
        stock: plan.shopCoupon.stock,
      },
      {
        lotteryId,
        sort: plan.own.length + 2,
        name: '谢谢参与',
        kind: 'none' as const,
        weight: plan.noneWeight,
      },
    ])
    .returning({ id: t.lotteryPrizes.id, kind: t.lotteryPrizes.kind });
  await tx
    .update(t.lotteries)
    .set({ consolationPrizeId: prizes.find((p) => p.kind === 'none')!.id })
    .where(eq(t.lotteries.id, lotteryId));
}
