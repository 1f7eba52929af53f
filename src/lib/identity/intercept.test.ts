import { describe, expect, it } from 'vitest';
import {
  INTERCEPT_INTERVAL_MS,
  interceptDue,
  myTabAction,
  skipInterceptKey,
  storedTime,
} from './intercept.ts';

const now = Date.parse('2026-11-21T04:00:00Z');
const HOUR = 3_600_000;

describe('the phone-binding intercept (shell §4, §9)', () => {
  it('is stored per shop and user', () => {
    expect(skipInterceptKey('1001', 42)).toBe('shop:1001:u:42:skipInterceptAt');
  });

  it('opens by itself when the binding is needed and it never ran', () => {
    expect(interceptDue(true, null, now)).toBe(true);
  });

  it('never opens for a bound account', () => {
    expect(interceptDue(false, null, now)).toBe(false);
    expect(interceptDue(false, now - 48 * HOUR, now)).toBe(false);
  });

  it('runs at most once per 24 hours', () => {
    expect(INTERCEPT_INTERVAL_MS).toBe(24 * HOUR);
    expect(interceptDue(true, now, now)).toBe(false);
    expect(interceptDue(true, now - 23 * HOUR, now)).toBe(false);
    expect(interceptDue(true, now - 24 * HOUR + 1, now)).toBe(false);
    expect(interceptDue(true, now - 24 * HOUR, now)).toBe(true);
    expect(interceptDue(true, now - 30 * HOUR, now)).toBe(true);
  });

  it('reads a stored time only when this clock could have written it', () => {
    expect(storedTime(String(now - HOUR), now)).toBe(now - HOUR);
    expect(storedTime(null, now)).toBeNull();
    expect(storedTime('', now)).toBeNull();
    expect(storedTime('yesterday', now)).toBeNull();
    expect(storedTime('1e12', now)).toBeNull();
    expect(storedTime(String(now + HOUR), now)).toBeNull();
    // So a time from the future does not silence the intercept.
    expect(interceptDue(true, storedTime(String(now + HOUR), now), now)).toBe(true);
  });

  it('turns a tap on 我的 into the popup while the binding is needed, whatever the window', () => {
    expect(myTabAction(true)).toBe('popup');
    expect(myTabAction(false)).toBe('follow');
  });
});
