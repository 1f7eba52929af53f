import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POPUP_STEP_GAP_MS, runPopupSequence } from './popup-sequence.ts';

describe('the home popup sequence', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A step that records when it started and closes when told. */
  function popup(name: string, log: string[]) {
    let close!: () => void;
    const step = () => {
      log.push(`${name}@${Date.now()}`);
      return new Promise<boolean>((done) => {
        close = () => done(true);
      });
    };
    return { step, close: () => close() };
  }

  it('runs owner prompt, coupon popup, school popup and guide in order, each 200 ms after the previous one closed', async () => {
    vi.setSystemTime(0);
    const log: string[] = [];
    const owner = popup('owner', log);
    const coupon = popup('coupon', log);
    const school = popup('school', log);
    const guide = popup('guide', log);
    const done = runPopupSequence([owner.step, coupon.step, school.step, guide.step]);

    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toEqual(['owner@0']);
    owner.close();
    await vi.advanceTimersByTimeAsync(POPUP_STEP_GAP_MS - 1);
    expect(log).toEqual(['owner@0']);
    await vi.advanceTimersByTimeAsync(1);
    expect(log).toEqual(['owner@0', 'coupon@1200']);
    await vi.advanceTimersByTimeAsync(300);
    coupon.close();
    await vi.advanceTimersByTimeAsync(POPUP_STEP_GAP_MS);
    expect(log.at(-1)).toBe('school@1700');
    school.close();
    await vi.advanceTimersByTimeAsync(POPUP_STEP_GAP_MS);
    expect(log.at(-1)).toBe('guide@1900');
    guide.close();
    await vi.advanceTimersByTimeAsync(POPUP_STEP_GAP_MS);
    await done;
  });

  it('skips a step whose call failed, and one with nothing to show, without waiting', async () => {
    vi.setSystemTime(0);
    const log: string[] = [];
    const guide = popup('guide', log);
    const done = runPopupSequence([
      () => Promise.reject(new Error('系统异常')),
      () => Promise.resolve(false),
      guide.step,
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['guide@0']);
    guide.close();
    await vi.advanceTimersByTimeAsync(POPUP_STEP_GAP_MS);
    await done;
  });
});
