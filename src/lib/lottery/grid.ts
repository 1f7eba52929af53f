/**
 * The 3×3 draw grid of 拆红包 (pure, isomorphic): eight prize cells around the centre 抽奖
 * button, and the path and pace of the highlight that runs around them and stops on the prize won.
 */

/** Cells of the 3×3 grid (row by row, 0–8) in the order the highlight runs: clockwise from the top left. */
export const RING = [0, 1, 2, 5, 8, 7, 6, 3] as const;
export const RING_SIZE = RING.length;
/** The centre cell holds the button. */
export const CENTRE = 4;

/**
 * The eight prizes of the ring: the lottery's prizes in their order, the consolation filling the
 * cells they leave, spread between them (谢谢参与 between prizes). With more than eight prizes the
 * consolation keeps one cell; without a consolation the prizes repeat.
 */
export function ringPrizes<P extends { prizeId: number }>(
  prizes: readonly P[],
  consolationPrizeId: number | null,
): P[] {
  const consolation = prizes.find((p) => p.prizeId === consolationPrizeId) ?? null;
  const others = prizes.filter((p) => p !== consolation);
  if (!consolation) {
    if (others.length === 0) return [];
    return Array.from({ length: RING_SIZE }, (_, i) => others[i % others.length]!);
  }
  const shown = others.slice(0, RING_SIZE - 1);
  const cells: P[] = Array.from({ length: RING_SIZE }, () => consolation);
  // Prize i sits at floor(i·8/n): evenly spread, the first one at the start of the ring.
  shown.forEach((prize, i) => {
    cells[Math.floor((i * RING_SIZE) / shown.length)] = prize;
  });
  return cells;
}

/** The ring positions (0–7) whose cell shows this prize. */
export function cellsOf(ring: readonly { prizeId: number }[], prizeId: number): number[] {
  return ring.flatMap((cell, i) => (cell.prizeId === prizeId ? [i] : []));
}

/** The step from `from` to `to` going clockwise, with `laps` whole turns first. */
export function stepsTo(from: number, to: number, laps: number): number {
  return laps * RING_SIZE + ((((to - from) % RING_SIZE) + RING_SIZE) % RING_SIZE);
}

/** The highlight's pace while the answer is awaited, per step. */
export const FAST_STEP_MS = 70;
/** Its pace on the last step: slowing down to a stop. */
export const SLOW_STEP_MS = 420;

/**
 * The wait before step `i` (0-based) of a stop run of `steps` steps: fast, then slowing along a
 * quadratic curve over the last eight steps.
 */
export function stopStepDelay(i: number, steps: number): number {
  const slowing = Math.min(RING_SIZE, steps);
  const intoSlowing = i - (steps - slowing) + 1;
  if (intoSlowing <= 0) return FAST_STEP_MS;
  const t = intoSlowing / slowing;
  return Math.round(FAST_STEP_MS + (SLOW_STEP_MS - FAST_STEP_MS) * t * t);
}
