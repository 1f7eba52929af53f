/**
 * Drawing the lottery (抽奖): one command, one transaction.
 *
 * 1. The lottery must be the shop's, active and within its window.
 * 2. A chance is spent first: an upsert of the user's lottery_chances row that only counts `used`
 *    up while it is below what they were granted (one user's concurrent draws queue on that row).
 * 3. A prize is picked by the integer weights of all prizes with a secure random integer
 *    (node:crypto randomInt; tests inject their own).
 * 4. Its stock is taken with a conditional update (`won + 1` only while below `stock`), and a
 *    coupon prize lands in the user's coupons through the coupon draw (`drawInTx`, source
 *    'lottery') — both in one savepoint. A prize that is gone, or whose coupon is refused (the
 *    user's limit, the coupon sold out or ended), is rolled back to that savepoint and the
 *    lottery's consolation is given instead: nothing is ever issued past its stock.
 * 5. The draw is recorded (中奖记录).
 * When not even the consolation can be given, the whole draw rolls back, the chance included.
 */
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { AppError, appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx, Tx } from '#lib/platform/db/client.server.ts';
import { lotteryChances, lotteryDraws, lotteryPrizes } from '#lib/platform/db/schema.ts';
import { drawInTx } from '#lib/coupons/index.server.ts';
import { lotteryState, pickPrize, type RandomInt } from './rules.ts';
import { lotteryByNo, prizesOf, prizeViews, type Lottery, type Prize } from './lottery.server.ts';
import type { DrawResult } from './contracts.ts';

export interface DrawLotteryInput {
  shopId: string;
  userId: number;
  lotteryNo: string;
  now?: Date;
  /** Random integers in [0, n): node:crypto's randomInt unless a test gives its own. */
  random?: RandomInt;
}

/** Why a prize could not be given: its savepoint is rolled back and the consolation follows. */
class PrizeRefused extends Error {
  override name = 'PrizeRefused';
}

export async function drawLottery(db: DbOrTx, input: DrawLotteryInput): Promise<DrawResult> {
  const now = input.now ?? new Date();
  const random = input.random ?? ((max: number) => randomInt(max));
  return db.transaction(async (tx) => {
    const lottery = await lotteryByNo(tx, input);
    const state = lotteryState(lottery, now);
    if (state === 'stopped') throw appError(Errors.LOTTERY_STOPPED);
    if (state === 'upcoming') throw appError(Errors.LOTTERY_NOT_STARTED);
    if (state === 'ended') throw appError(Errors.LOTTERY_ENDED);

    const chance = await spendChance(tx, lottery, input.userId);
    if (!chance) throw appError(Errors.LOTTERY_NO_CHANCES);

    const prizes = await prizesOf(tx, lottery.id);
    const consolation = prizes.find((p) => p.id === lottery.consolationPrizeId) ?? null;
    const picked = pickPrize(prizes, random) ?? consolation;
    if (!picked) throw appError(Errors.LOTTERY_PRIZES_GONE);

    let won: Prize = picked;
    let userCouponId = await award(tx, picked, input, now);
    if (userCouponId === undefined && consolation && picked !== consolation) {
      won = consolation;
      userCouponId = await award(tx, consolation, input, now);
    }
    if (userCouponId === undefined) throw appError(Errors.LOTTERY_PRIZES_GONE);

    const [draw] = await tx
      .insert(lotteryDraws)
      .values({
        lotteryId: lottery.id,
        userId: input.userId,
        prizeId: won.id,
        userCouponId,
        createdAt: now,
      })
      .returning({ id: lotteryDraws.id });
    const [prize] = await prizeViews(tx, [won], lottery.consolationPrizeId);
    return {
      drawId: draw!.id,
      prize: prize!,
      userCouponId,
      fellBack: won !== picked,
      chancesLeft: chance.granted - chance.used,
    };
  });
}

/**
 * Spends one chance: the first draw creates the row with the lottery's chances per user; later
 * ones count `used` up only below what was granted (raised to the lottery's chances per user when
 * the shop gave more since). Null when none is left.
 */
async function spendChance(
  tx: Tx,
  lottery: Lottery,
  userId: number,
): Promise<{ granted: number; used: number } | null> {
  const perUser = lottery.chancesPerUser;
  const [chance] = await tx
    .insert(lotteryChances)
    .values({ lotteryId: lottery.id, userId, granted: perUser, used: 1 })
    .onConflictDoUpdate({
      target: [lotteryChances.lotteryId, lotteryChances.userId],
      set: {
        granted: sql`greatest(${lotteryChances.granted}, ${perUser})`,
        used: sql`${lotteryChances.used} + 1`,
      },
      setWhere: sql`${lotteryChances.used} < greatest(${lotteryChances.granted}, ${perUser})`,
    })
    .returning({ granted: lotteryChances.granted, used: lotteryChances.used });
  return chance ?? null;
}

/**
 * Gives one prize in a savepoint: its stock taken (only while some is left), and for a coupon
 * prize the coupon drawn into the user's coupons. Answers the user coupon's id (null for a prize
 * of kind none), or undefined when the prize is gone or its coupon was refused — the savepoint
 * then rolled back, so neither the stock nor the coupon's counts moved.
 */
async function award(
  tx: Tx,
  prize: Prize,
  input: DrawLotteryInput,
  now: Date,
): Promise<number | null | undefined> {
  try {
    return await tx.transaction(async (savepoint) => {
      const [taken] = await savepoint
        .update(lotteryPrizes)
        .set({ won: sql`${lotteryPrizes.won} + 1` })
        .where(
          and(
            eq(lotteryPrizes.id, prize.id),
            sql`(${lotteryPrizes.stock} is null or ${lotteryPrizes.won} < ${lotteryPrizes.stock})`,
          ),
        )
        .returning({ id: lotteryPrizes.id });
      if (!taken) throw new PrizeRefused('sold out');
      if (prize.kind !== 'coupon') return null;
      return drawInTx(savepoint, {
        shopId: input.shopId,
        userId: input.userId,
        couponId: prize.couponId!,
        source: 'lottery',
        now,
      });
    });
  } catch (error) {
    // The coupon draw's refusals are AppErrors; anything else (the database) is not a refusal.
    if (error instanceof PrizeRefused || error instanceof AppError) return undefined;
    throw error;
  }
}
