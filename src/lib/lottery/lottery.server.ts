/**
 * Reading lotteries: the shop's current lottery or a named one, with its prizes as shoppers see
 * them (name, picture, kind, a coupon's figure and condition — never stock or weight) and the
 * caller's chances (searchConfig, 拆红包).
 */
import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { coupons, lotteries, lotteryChances, lotteryPrizes } from '#lib/platform/db/schema.ts';
import { rulesOf } from '#lib/coupons/index.server.ts';
import { couponCondition, couponFace } from '#lib/coupons/index.ts';
import { chancesLeft, LOTTERY_STATE_TEXT, lotteryState } from './rules.ts';
import type { LotteryConfig, PrizeKind, PrizeView } from './contracts.ts';

export type Lottery = typeof lotteries.$inferSelect;
export type Prize = typeof lotteryPrizes.$inferSelect;

/** The lottery of this number in the shop (another shop's is not found). */
export async function lotteryByNo(
  db: DbOrTx,
  input: { shopId: string; lotteryNo: string },
): Promise<Lottery> {
  const [lottery] = await db
    .select()
    .from(lotteries)
    .where(and(eq(lotteries.lotteryNo, input.lotteryNo), eq(lotteries.shopId, input.shopId)));
  if (!lottery) throw appError(Errors.LOTTERY_NOT_FOUND);
  return lottery;
}

/** The shop's lottery open for drawing now (the latest started when several are), or null. */
export async function currentLottery(
  db: DbOrTx,
  input: { shopId: string; now?: Date },
): Promise<Lottery | null> {
  const now = input.now ?? new Date();
  const [lottery] = await db
    .select()
    .from(lotteries)
    .where(
      and(
        eq(lotteries.shopId, input.shopId),
        eq(lotteries.active, true),
        lte(lotteries.startsAt, now),
        gt(lotteries.endsAt, now),
      ),
    )
    .orderBy(desc(lotteries.startsAt), desc(lotteries.id))
    .limit(1);
  return lottery ?? null;
}

/** A lottery's prizes in their order. */
export function prizesOf(db: DbOrTx, lotteryId: number): Promise<Prize[]> {
  return db
    .select()
    .from(lotteryPrizes)
    .where(eq(lotteryPrizes.lotteryId, lotteryId))
    .orderBy(asc(lotteryPrizes.sort), asc(lotteryPrizes.id));
}

/** The prizes as shoppers see them; a coupon prize reads its figure from its coupon. */
export async function prizeViews(
  db: DbOrTx,
  prizes: readonly Prize[],
  consolationPrizeId: number | null,
): Promise<PrizeView[]> {
  const couponIds = prizes.flatMap((p) => (p.couponId === null ? [] : [p.couponId]));
  const templates =
    couponIds.length > 0
      ? await db.select().from(coupons).where(inArray(coupons.id, couponIds))
      : [];
  return prizes.map((prize) => {
    const template = templates.find((c) => c.id === prize.couponId);
    const rules = template ? rulesOf(template) : null;
    return {
      prizeId: prize.id,
      name: prize.name,
      kind: prize.kind as PrizeKind,
      imageUrl: prize.imageUrl,
      face: rules ? couponFace(rules) : '',
      condition: rules ? couponCondition(rules) : '',
      consolation: prize.id === consolationPrizeId,
    };
  });
}

/**
 * searchConfig: the lottery of `lotteryNo` in the shop (in whatever state it is), or the shop's
 * current one; null when none is open. The caller's chances: all of them for a visitor.
 */
export async function lotteryConfig(
  db: DbOrTx,
  input: { shopId: string; userId: number | null; lotteryNo?: string | undefined; now?: Date },
): Promise<LotteryConfig | null> {
  const now = input.now ?? new Date();
  const lottery = input.lotteryNo
    ? await lotteryByNo(db, { shopId: input.shopId, lotteryNo: input.lotteryNo })
    : await currentLottery(db, { shopId: input.shopId, now });
  if (!lottery) return null;
  const [prizes, held] = await Promise.all([
    prizesOf(db, lottery.id),
    input.userId === null
      ? Promise.resolve([])
      : db
          .select({ granted: lotteryChances.granted, used: lotteryChances.used })
          .from(lotteryChances)
          .where(
            and(eq(lotteryChances.lotteryId, lottery.id), eq(lotteryChances.userId, input.userId)),
          ),
  ]);
  const mine = held[0] ?? null;
  const left = chancesLeft(mine, lottery.chancesPerUser);
  const used = mine?.used ?? 0;
  const state = lotteryState(lottery, now);
  return {
    lotteryNo: lottery.lotteryNo,
    name: lottery.name,
    rules: lottery.rules,
    startsAt: lottery.startsAt.toISOString(),
    endsAt: lottery.endsAt.toISOString(),
    state,
    stateText: LOTTERY_STATE_TEXT[state],
    prizes: await prizeViews(db, prizes, lottery.consolationPrizeId),
    chances: { granted: used + left, used, left },
    signedIn: input.userId !== null,
  };
}
