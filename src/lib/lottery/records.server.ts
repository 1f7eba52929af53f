/**
 * 中奖记录: the caller's draws in a shop, newest first, with the prize's name and, for a coupon
 * won, the coupon's figure and condition as the user holds it.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { lotteries, lotteryDraws, lotteryPrizes, userCoupons } from '#lib/platform/db/schema.ts';
import { couponCondition, couponFace } from '#lib/coupons/index.ts';
import type { LotteryRecordPage, PrizeKind } from './contracts.ts';

export async function listLotteryRecords(
  db: DbOrTx,
  input: { shopId: string; userId: number; pageNum: number; pageSize: number },
): Promise<LotteryRecordPage> {
  const mine = and(eq(lotteryDraws.userId, input.userId), eq(lotteries.shopId, input.shopId));
  const [rows, totals] = await Promise.all([
    db
      .select({
        drawId: lotteryDraws.id,
        lotteryNo: lotteries.lotteryNo,
        lotteryName: lotteries.name,
        prizeName: lotteryPrizes.name,
        kind: lotteryPrizes.kind,
        rules: userCoupons.rules,
        userCouponId: lotteryDraws.userCouponId,
        drawnAt: lotteryDraws.createdAt,
      })
      .from(lotteryDraws)
      .innerJoin(lotteries, eq(lotteries.id, lotteryDraws.lotteryId))
      .innerJoin(lotteryPrizes, eq(lotteryPrizes.id, lotteryDraws.prizeId))
      .leftJoin(userCoupons, eq(userCoupons.id, lotteryDraws.userCouponId))
      .where(mine)
      .orderBy(desc(lotteryDraws.createdAt), desc(lotteryDraws.id))
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize),
    db
      .select({ n: count() })
      .from(lotteryDraws)
      .innerJoin(lotteries, eq(lotteries.id, lotteryDraws.lotteryId))
      .where(mine),
  ]);
  return {
    list: rows.map((row) => ({
      drawId: row.drawId,
      lotteryNo: row.lotteryNo,
      lotteryName: row.lotteryName,
      prizeName: row.prizeName,
      kind: row.kind as PrizeKind,
      face: row.rules ? couponFace(row.rules) : '',
      condition: row.rules ? couponCondition(row.rules) : '',
      userCouponId: row.userCouponId,
      drawnAt: row.drawnAt.toISOString(),
    })),
    total: totals[0]?.n ?? 0,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}
