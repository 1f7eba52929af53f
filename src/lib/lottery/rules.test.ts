import { describe, expect, it } from 'vitest';
import { chancesLeft, lotteryState, pickPrize, totalWeight, type RandomInt } from './rules.ts';

const prizes = [
  { name: 'a', weight: 1 },
  { name: 'b', weight: 0 },
  { name: 'c', weight: 3 },
  { name: 'd', weight: 6 },
];
const always =
  (r: number): RandomInt =>
  () =>
    r;

describe('pickPrize', () => {
  it('lands each random integer on the prize whose stretch of the weights holds it', () => {
    const picks = Array.from({ length: 10 }, (_, r) => pickPrize(prizes, always(r))!.name);
    expect(picks).toEqual(['a', 'c', 'c', 'c', 'd', 'd', 'd', 'd', 'd', 'd']);
  });

  it('asks the source for an integer below the total weight', () => {
    const asked: number[] = [];
    pickPrize(prizes, (max) => {
      asked.push(max);
      return max - 1;
    });
    expect(asked).toEqual([10]);
  });

  it('never picks a prize of weight 0, and picks nothing when no prize carries weight', () => {
    for (let r = 0; r < 10; r += 1) expect(pickPrize(prizes, always(r))!.name).not.toBe('b');
    expect(pickPrize([{ weight: 0 }, { weight: 0 }], always(0))).toBeNull();
    expect(pickPrize([], always(0))).toBeNull();
  });

  it('gives one prize with all the weight every draw', () => {
    const one = [{ weight: 0 }, { weight: 5 }, { weight: 0 }];
    for (let r = 0; r < 5; r += 1) expect(pickPrize(one, always(r))).toBe(one[1]);
  });

  it('refuses a random source answering outside [0, total) and weights that are not whole', () => {
    expect(() => pickPrize(prizes, always(10))).toThrow(RangeError);
    expect(() => pickPrize(prizes, always(-1))).toThrow(RangeError);
    expect(() => pickPrize(prizes, always(0.5))).toThrow(RangeError);
    expect(() => totalWeight([{ weight: -1 }])).toThrow(RangeError);
    expect(() => totalWeight([{ weight: 1.5 }])).toThrow(RangeError);
  });

  it('follows the weights over many draws of a uniform source', () => {
    // Every integer of [0, total) once per round: the counts are exactly the weights.
    const counts: Record<string, number> = { a: 0, b: 0, c: 0, d: 0 };
    let next = 0;
    const roundRobin: RandomInt = (max) => next++ % max;
    for (let i = 0; i < 10_000; i += 1) counts[pickPrize(prizes, roundRobin)!.name]! += 1;
    expect(counts).toEqual({ a: 1000, b: 0, c: 3000, d: 6000 });
  });

  it('stays close to the weights with a seeded pseudo-random source', () => {
    let seed = 20261121;
    const lcg: RandomInt = (max) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * max);
    };
    const counts: Record<string, number> = { a: 0, b: 0, c: 0, d: 0 };
    const n = 50_000;
    for (let i = 0; i < n; i += 1) counts[pickPrize(prizes, lcg)!.name]! += 1;
    expect(counts['b']).toBe(0);
    expect(counts['a']! / n).toBeCloseTo(0.1, 1);
    expect(counts['c']! / n).toBeCloseTo(0.3, 1);
    expect(counts['d']! / n).toBeCloseTo(0.6, 1);
  });
});

describe('lotteryState', () => {
  const window = {
    active: true,
    startsAt: new Date('2026-11-01T00:00:00Z'),
    endsAt: new Date('2026-12-01T00:00:00Z'),
  };
  it('is open from its start (included) to its end (excluded), while active', () => {
    expect(lotteryState(window, new Date('2026-10-31T23:59:59Z'))).toBe('upcoming');
    expect(lotteryState(window, window.startsAt)).toBe('ongoing');
    expect(lotteryState(window, new Date('2026-11-30T23:59:59Z'))).toBe('ongoing');
    expect(lotteryState(window, window.endsAt)).toBe('ended');
    expect(lotteryState({ ...window, active: false }, window.startsAt)).toBe('stopped');
  });
});

describe('chancesLeft', () => {
  it('is every chance before the first draw, and what was granted less what was used after', () => {
    expect(chancesLeft(null, 3)).toBe(3);
    expect(chancesLeft({ granted: 3, used: 1 }, 3)).toBe(2);
    expect(chancesLeft({ granted: 3, used: 3 }, 3)).toBe(0);
    // The shop gave more chances since: the user has them too; fewer never takes any away.
    expect(chancesLeft({ granted: 3, used: 3 }, 5)).toBe(2);
    expect(chancesLeft({ granted: 5, used: 2 }, 1)).toBe(3);
  });
});
