import { describe, expect, it } from 'vitest';
import { countdown, isBetween, saleState } from './sale.ts';

const at = (iso: string) => new Date(iso);

describe('sale state', () => {
  const window = { startAt: at('2026-11-20T00:00:00Z'), endAt: at('2026-11-25T00:00:00Z') };
  it('is upcoming before the start, ongoing inside, ended at and after the end', () => {
    expect(saleState(window, at('2026-11-19T23:59:59Z'))).toBe('upcoming');
    expect(saleState(window, at('2026-11-20T00:00:00Z'))).toBe('ongoing');
    expect(saleState(window, at('2026-11-25T00:00:00Z'))).toBe('ended');
  });
});

describe('countdown (commerce §5)', () => {
  it('returns days, hours, minutes and seconds left', () => {
    expect(countdown(at('2026-11-22T03:04:05Z'), at('2026-11-21T00:00:00Z'))).toEqual({
      finished: false,
      days: 1,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });
  it('returns finished at or after the end', () => {
    expect(countdown(at('2026-11-21T00:00:00Z'), at('2026-11-21T00:00:00Z'))).toEqual({
      finished: true,
    });
  });
  it('refuses a missing argument with 参数为必填项', () => {
    expect(() => countdown(undefined, at('2026-11-21T00:00:00Z'))).toThrow('参数为必填项');
    expect(() => countdown(at('2026-11-21T00:00:00Z'), null)).toThrow('参数为必填项');
  });
  it('tells whether now lies between two times', () => {
    expect(
      isBetween(at('2026-11-20T00:00:00Z'), at('2026-11-22T00:00:00Z'), at('2026-11-21T00:00:00Z')),
    ).toBe(true);
    expect(
      isBetween(at('2026-11-20T00:00:00Z'), at('2026-11-22T00:00:00Z'), at('2026-11-22T00:00:00Z')),
    ).toBe(false);
  });
});
