/**
 * The demo lottery of shop 1001 (幸运抽奖, 拆红包): three chances per user, open from three days
 * before the seed time for a month. Prizes, by weight out of 100: a ¥5 no-threshold coupon (25,
 * unlimited), 满99减10 (15, 500 of them), the limited 满299减50 (2, only 5), the shop's 全店88折券
 * (8, 50 of them) and 谢谢参与 (50), the consolation every prize that is gone falls back to. The
 * lottery's own coupons are not in the coupon centre. Shop 1002 has no lottery (an empty 拆红包).
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../client.server.ts';
import * as t from '../schema.ts';
import { COUPONS } from './plan.ts';

const DAY = 86_400_000;

/** The demo lotteries and the coupons only they give, by number. */
export const LOTTERIES = {
  '1001': { lucky: 'L100101' },
} as const;
export const LOTTERY_COUPONS = {
  '1001': { fiveOff: 'C100111', tenOff: 'C100112', fiftyOff: 'C100113' },
} as const;

export const LUCKY_RULES = [
  '1. 活动期间每位用户可抽奖 3 次，次数用完即止。',
  '2. 抽中的优惠券自动放入「我的优惠券」，可在有效期内下单使用。',
  '3. 奖品数量有限，抽完即止；奖品抽完时视为「谢谢参与」。',
  '4. 如有疑问，请联系店铺客服。',
].join('\n');

export async function seedLottery(tx: Tx, now: Date): Promise<void> {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const window = { claimFrom: at(-3 * DAY), claimTo: at(30 * DAY), inCenter: false };
  const own = LOTTERY_COUPONS['1001'];
  const coupons = await tx
    .insert(t.coupons)
    .values([
      {
        couponNo: own.fiveOff,
        shopId: '1001',
        name: '抽奖无门槛券',
        description: '幸运抽奖奖品，全店可用',
        amountCents: 500,
        thresholdCents: 0,
        total: 10_000,
        perUserLimit: 3,
        validDays: 7,
        ...window,
      },
      {
        couponNo: own.tenOff,
        shopId: '1001',
        name: '抽奖满减券',
        description: '幸运抽奖奖品，全店满 99 可用',
        amountCents: 1000,
        thresholdCents: 9900,
        total: 5000,
        perUserLimit: 3,
        validDays: 7,
        ...window,
      },
      {
        couponNo: own.fiftyOff,
        shopId: '1001',
        name: '抽奖大额券',
        description: '幸运抽奖奖品，全店满 299 可用',
        amountCents: 5000,
        thresholdCents: 29900,
        total: 100,
        perUserLimit: 1,
        validDays: 7,
        ...window,
      },
    ])
    .returning({ id: t.coupons.id, couponNo: t.coupons.couponNo });
  const idOf = (couponNo: string) => coupons.find((c) => c.couponNo === couponNo)!.id;
  const [discount] = await tx
    .select({ id: t.coupons.id })
    .from(t.coupons)
    .where(eq(t.coupons.couponNo, COUPONS['1001'].discount));

  const [lottery] = await tx
    .insert(t.lotteries)
    .values({
      lotteryNo: LOTTERIES['1001'].lucky,
      shopId: '1001',
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
      {
        lotteryId,
        sort: 1,
        name: '5元无门槛券',
        kind: 'coupon',
        couponId: idOf(own.fiveOff),
        weight: 25,
      },
      {
        lotteryId,
        sort: 2,
        name: '满99减10元券',
        kind: 'coupon',
        couponId: idOf(own.tenOff),
        weight: 15,
        stock: 500,
      },
      {
        lotteryId,
        sort: 3,
        name: '满299减50元券',
        kind: 'coupon',
        couponId: idOf(own.fiftyOff),
        weight: 2,
        stock: 5,
      },
      {
        lotteryId,
        sort: 4,
        name: '全店88折券',
        kind: 'coupon',
        couponId: discount!.id,
        weight: 8,
        stock: 50,
      },
      { lotteryId, sort: 5, name: '谢谢参与', kind: 'none', weight: 50 },
    ])
    .returning({ id: t.lotteryPrizes.id, kind: t.lotteryPrizes.kind });
  await tx
    .update(t.lotteries)
    .set({ consolationPrizeId: prizes.find((p) => p.kind === 'none')!.id })
    .where(eq(t.lotteries.id, lotteryId));
}
