/**
 * Lottery rules (pure, isomorphic): the weighted pick of a prize from a random integer source,
 * where a lottery stands in its window, and how many chances a user has left.
 *
 * The pick weighs every prize of the lottery, sold-out ones included: a prize that is gone does
 * not make the others likelier — its share falls to the consolation (draw.server.ts).
 */

/** A source of random integers in [0, maxExclusive): node:crypto's randomInt on the server. */
export type RandomInt = (maxExclusive: number) => number;

/** The sum of the weights; a weight must be a whole number ≥ 0. */
export function totalWeight(prizes: readonly { weight: number }[]): number {
  let total = 0;
  for (const { weight } of prizes) {
    if (!Number.isSafeInteger(weight) || weight < 0) {
      throw new RangeError(`A prize weight must be a whole number ≥ 0: ${weight}`);
    }
    total += weight;
  }
  return total;
}

/**
 * Picks one prize, each with the chance weight / total: one random integer r in [0, total) lands
 * on the prize whose stretch of the line [0, total) holds it, in the given order. A prize of
 * weight 0 is never picked. Null when nothing carries weight.
 */
export function pickPrize<P extends { weight: number }>(
  prizes: readonly P[],
  random: RandomInt,
): P | null {
  const total = totalWeight(prizes);
  if (total === 0) return null;
  const r = random(total);
  if (!Number.isInteger(r) || r < 0 || r >= total) {
    throw new RangeError(`The random source answered ${r}, outside [0, ${total})`);
  }
  let rest = r;
  for (const prize of prizes) {
    if (rest < prize.weight) return prize;
    rest -= prize.weight;
  }
  throw new Error('unreachable: the weights add up to the total');
}

export type LotteryState = 'ongoing' | 'upcoming' | 'ended' | 'stopped';

export const LOTTERY_STATE_TEXT: Record<LotteryState, string> = {
  ongoing: '进行中',
  upcoming: '未开始',
  ended: '已结束',
  stopped: '已下线',
};

/** Where a lottery stands at `now`: drawable only while active and startsAt ≤ now < endsAt. */
export function lotteryState(
  lottery: { active: boolean; startsAt: Date; endsAt: Date },
  now: Date,
): LotteryState {
  if (!lottery.active) return 'stopped';
  if (now < lottery.startsAt) return 'upcoming';
  if (now >= lottery.endsAt) return 'ended';
  return 'ongoing';
}

/**
 * The chances a user has left: the lottery's chances per user (or what they were granted when
 * that was more), less the ones used. A user who never drew has them all.
 */
export function chancesLeft(
  held: { granted: number; used: number } | null,
  chancesPerUser: number,
): number {
  if (!held) return chancesPerUser;
  return Math.max(0, Math.max(held.granted, chancesPerUser) - held.used);
}
