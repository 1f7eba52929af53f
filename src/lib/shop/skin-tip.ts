/**
 * The skin tip's rule (shell §4, §9): after a skin change it shows with a 12 s countdown, then
 * hides. The page that applies a skin marks the change; the first page after it starts the 12 s,
 * and the pages opened meanwhile go on counting from the same end. Pure; notices.ts drives it.
 */

export const SKIN_TIP_SECONDS = 12;
/** sessionStorage (per shop): a skin was just applied. */
export const SKIN_CHANGED_KEY = 'skinChangedAt';
/** sessionStorage (per shop): when the running tip ends, in ms. */
export const SKIN_TIP_UNTIL_KEY = 'skinTipUntil';

/** Whole seconds left of a tip ending at `until`; 0 when it is over. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * When this page's tip ends, or null for no tip: a change just made starts the 12 s, otherwise a
 * tip still running goes on.
 */
export function tipUntil(input: {
  changed: boolean;
  storedUntil: string | null;
  now: number;
}): number | null {
  if (input.changed) return input.now + SKIN_TIP_SECONDS * 1000;
  const until = Number(input.storedUntil);
  return Number.isFinite(until) && secondsLeft(until, input.now) > 0 ? until : null;
}
