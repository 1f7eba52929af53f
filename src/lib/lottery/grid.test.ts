import { describe, expect, it } from 'vitest';
import {
  cellsOf,
  ringPrizes,
  RING,
  stepsTo,
  stopStepDelay,
  FAST_STEP_MS,
  SLOW_STEP_MS,
} from './grid.ts';

const prize = (prizeId: number) => ({ prizeId });
const ids = (cells: { prizeId: number }[]) => cells.map((c) => c.prizeId);

describe('the ring of eight prize cells', () => {
  it('runs clockwise around the centre', () => {
    expect(RING).toEqual([0, 1, 2, 5, 8, 7, 6, 3]);
    expect(RING).not.toContain(4);
  });

  it('spreads the prizes and fills the rest with the consolation', () => {
    const three = [prize(1), prize(2), prize(3), prize(9)];
    expect(ids(ringPrizes(three, 9))).toEqual([1, 9, 2, 9, 9, 3, 9, 9]);
    const five = [prize(1), prize(2), prize(3), prize(4), prize(9)];
    expect(ids(ringPrizes(five, 9))).toEqual([1, 9, 2, 9, 3, 9, 4, 9]);
  });

  it('keeps one cell for the consolation when there are more than eight prizes', () => {
    const many = Array.from({ length: 10 }, (_, i) => prize(i + 1));
    expect(ids(ringPrizes(many, 10))).toEqual([1, 2, 3, 4, 5, 6, 7, 10]);
  });

  it('repeats the prizes without a consolation, and is empty without prizes', () => {
    expect(ids(ringPrizes([prize(1), prize(2), prize(3)], null))).toEqual([1, 2, 3, 1, 2, 3, 1, 2]);
    expect(ringPrizes([], null)).toEqual([]);
    expect(ids(ringPrizes([prize(9)], 9))).toEqual([9, 9, 9, 9, 9, 9, 9, 9]);
  });

  it('finds the cells of a prize', () => {
    const ring = ringPrizes([prize(1), prize(2), prize(9)], 9);
    expect(cellsOf(ring, 9).length).toBeGreaterThan(0);
    expect(cellsOf(ring, 1)).toEqual([0]);
    expect(cellsOf(ring, 7)).toEqual([]);
  });
});

describe('the highlight', () => {
  it('goes clockwise to the cell, after whole laps', () => {
    expect(stepsTo(0, 3, 0)).toBe(3);
    expect(stepsTo(6, 1, 0)).toBe(3);
    expect(stepsTo(2, 2, 1)).toBe(8);
    expect(stepsTo(7, 0, 2)).toBe(17);
  });

  it('slows down over its last steps and stops at the slowest pace', () => {
    const steps = 20;
    const delays = Array.from({ length: steps }, (_, i) => stopStepDelay(i, steps));
    expect(delays.slice(0, 12).every((d) => d === FAST_STEP_MS)).toBe(true);
    for (let i = 1; i < steps; i += 1) expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(delays.at(-1)).toBe(SLOW_STEP_MS);
    expect(stopStepDelay(0, 1)).toBe(SLOW_STEP_MS);
  });
});
