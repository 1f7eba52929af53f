import { describe, expect, it } from 'vitest';
import { SKIN_TIP_SECONDS, secondsLeft, tipUntil } from './skin-tip.ts';

describe('the skin tip', () => {
  it('counts 12 s from the first page after a skin change', () => {
    expect(SKIN_TIP_SECONDS).toBe(12);
    const until = tipUntil({ changed: true, storedUntil: null, now: 1_000 });
    expect(until).toBe(13_000);
    expect(secondsLeft(until!, 1_000)).toBe(12);
    expect(secondsLeft(until!, 12_000)).toBe(1);
    expect(secondsLeft(until!, 13_000)).toBe(0);
  });

  it('goes on counting on the pages opened meanwhile, and ends with the time', () => {
    expect(tipUntil({ changed: false, storedUntil: '13000', now: 5_400 })).toBe(13_000);
    expect(secondsLeft(13_000, 5_400)).toBe(8);
    expect(tipUntil({ changed: false, storedUntil: '13000', now: 13_000 })).toBeNull();
    expect(tipUntil({ changed: false, storedUntil: null, now: 5_400 })).toBeNull();
    expect(tipUntil({ changed: false, storedUntil: 'x', now: 5_400 })).toBeNull();
  });

  it('starts over when the skin is changed again', () => {
    expect(tipUntil({ changed: true, storedUntil: '13000', now: 10_000 })).toBe(22_000);
  });
});
