import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MARKUP_LIMIT,
  MarkupMessages,
  categoryLimit,
  checkMarkup,
  limitText,
  markupCents,
  markupLabel,
  parseMarkupText,
  markupOfSetting,
  percentLabel,
  settingOfMarkup,
  strictestLimit,
  withinLimit,
} from './markups.ts';

describe('markups', () => {
  it('adds a fixed amount, or a percentage of the base rounded half up', () => {
    expect(markupCents(19900, { cents: 500, bp: 0 })).toBe(500);
    expect(markupCents(19900, { cents: 0, bp: 1000 })).toBe(1990);
    expect(markupCents(5, { cents: 0, bp: 1000 })).toBe(1); // 0.5 → 1
    expect(markupCents(4, { cents: 0, bp: 1000 })).toBe(0); // 0.4 → 0
    expect(markupCents(0, { cents: 0, bp: 3000 })).toBe(0);
  });

  it('stores a setting as one non-zero part and reads it back', () => {
    expect(markupOfSetting({ kind: 'percent', bp: 1000 })).toEqual({ cents: 0, bp: 1000 });
    expect(markupOfSetting({ kind: 'fixed', cents: 300 })).toEqual({ cents: 300, bp: 0 });
    expect(settingOfMarkup({ cents: 0, bp: 1000 })).toEqual({ kind: 'percent', bp: 1000 });
    expect(settingOfMarkup({ cents: 0, bp: 0 })).toEqual({ kind: 'fixed', cents: 0 });
  });

  it('holds a markup over several categories to the strictest of their limits', () => {
    expect(strictestLimit([])).toEqual(DEFAULT_MARKUP_LIMIT);
    expect(
      strictestLimit([
        { maxBp: 2000, maxCents: 8000 },
        { maxBp: 3000, maxCents: 3000 },
      ]),
    ).toEqual({ maxBp: 2000, maxCents: 3000 });
  });

  it('allows a markup up to its limit and no further', () => {
    const limit = { maxBp: 2000, maxCents: 3000 };
    expect(withinLimit({ kind: 'percent', bp: 2000 }, limit)).toBe(true);
    expect(withinLimit({ kind: 'percent', bp: 2001 }, limit)).toBe(false);
    expect(withinLimit({ kind: 'fixed', cents: 3000 }, limit)).toBe(true);
    expect(withinLimit({ kind: 'fixed', cents: 3001 }, limit)).toBe(false);
  });

  it('labels basis points as a percentage', () => {
    expect(percentLabel(1000)).toBe('10%');
    expect(percentLabel(1250)).toBe('12.5%');
    expect(percentLabel(5)).toBe('0.05%');
  });

  it('labels a markup and a limit', () => {
    expect(markupLabel({ cents: 0, bp: 1000 })).toBe('+10%');
    expect(markupLabel({ cents: 500, bp: 0 })).toBe('+¥5.00');
    expect(markupLabel({ cents: 0, bp: 0 })).toBe('未加价');
    expect(limitText({ maxBp: 1500, maxCents: 2000 })).toBe('最高15%或¥20.00');
  });
});

describe('checking a markup a manager sets', () => {
  const limit = { maxBp: 1500, maxCents: 2000 };

  it('takes a percentage or a fixed amount within the limit', () => {
    expect(checkMarkup({ addPriceBp: 1000 }, limit, 'global')).toEqual({
      ok: true,
      setting: { kind: 'percent', bp: 1000 },
    });
    expect(checkMarkup({ addPriceBp: 0, addPriceCents: 2000 }, limit, 'sale')).toEqual({
      ok: true,
      setting: { kind: 'fixed', cents: 2000 },
    });
    // Nothing sent is no markup.
    expect(checkMarkup({}, limit, 'global')).toEqual({
      ok: true,
      setting: { kind: 'fixed', cents: 0 },
    });
  });

  it('refuses a markup beyond the limit, naming the limit of its kind', () => {
    expect(checkMarkup({ addPriceBp: 1501 }, limit, 'global')).toEqual({
      ok: false,
      beyondLimit: true,
      message: '全局加价超出平台上限：按百分比最高15%',
    });
    expect(checkMarkup({ addPriceCents: 2001 }, limit, 'sale')).toEqual({
      ok: false,
      beyondLimit: true,
      message: '活动加价超出平台上限：按固定金额最高¥20.00',
    });
  });

  it('refuses a negative, non-integer or two-kind markup', () => {
    const refused = (input: Parameters<typeof checkMarkup>[0]) => {
      const check = checkMarkup(input, limit, 'global');
      return check.ok ? null : check.message;
    };
    expect(refused({ addPriceBp: -100 })).toBe(MarkupMessages.NEGATIVE);
    expect(refused({ addPriceCents: -1 })).toBe(MarkupMessages.NEGATIVE);
    expect(refused({ addPriceBp: 10.5 })).toBe(MarkupMessages.NOT_INTEGER);
    expect(refused({ addPriceCents: 1e300 })).toBe(MarkupMessages.NOT_INTEGER);
    expect(refused({ addPriceBp: 100, addPriceCents: 100 })).toBe(MarkupMessages.BOTH_KINDS);
  });
});

describe('reading what the manager typed', () => {
  it('turns a percentage or yuan with at most two decimals into basis points or cents', () => {
    expect(parseMarkupText('10')).toEqual({ ok: true, value: 1000 });
    expect(parseMarkupText(' 12.5 ')).toEqual({ ok: true, value: 1250 });
    expect(parseMarkupText('0.05')).toEqual({ ok: true, value: 5 });
    expect(parseMarkupText('0')).toEqual({ ok: true, value: 0 });
  });

  it('says what is wrong with anything else', () => {
    expect(parseMarkupText('')).toEqual({ ok: false, message: MarkupMessages.EMPTY });
    expect(parseMarkupText('-5')).toEqual({ ok: false, message: MarkupMessages.NEGATIVE });
    expect(parseMarkupText('1.234')).toEqual({
      ok: false,
      message: MarkupMessages.TOO_MANY_DECIMALS,
    });
    expect(parseMarkupText('十')).toEqual({ ok: false, message: MarkupMessages.NOT_A_NUMBER });
    expect(parseMarkupText('1e3')).toEqual({ ok: false, message: MarkupMessages.NOT_A_NUMBER });
  });
});

describe('a category limit', () => {
  const parentOf = new Map<number, number | null>([
    [1, null],
    [2, 1],
    [3, 2],
    [4, null],
    [5, 6],
    [6, 5],
  ]);
  const own = new Map([
    [1, { maxBp: 2000, maxCents: 3000 }],
    [2, { maxBp: 1000, maxCents: 1000 }],
  ]);

  it("is its own row, else its nearest ancestor's, else the default", () => {
    expect(categoryLimit(2, parentOf, own)).toEqual({
      limit: { maxBp: 1000, maxCents: 1000 },
      source: 'own',
    });
    expect(categoryLimit(3, parentOf, own)).toEqual({
      limit: { maxBp: 1000, maxCents: 1000 },
      source: 'parent',
    });
    expect(categoryLimit(4, parentOf, own)).toEqual({
      limit: DEFAULT_MARKUP_LIMIT,
      source: 'default',
    });
    expect(categoryLimit(null, parentOf, own).source).toBe('default');
  });

  it('ends the walk on a loop of parents', () => {
    expect(categoryLimit(5, parentOf, own)).toEqual({
      limit: DEFAULT_MARKUP_LIMIT,
      source: 'default',
    });
  });
});
