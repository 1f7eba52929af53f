import { describe, expect, it } from 'vitest';
import { sanitiseLine, sanitiseText, truncate } from './text.ts';

describe('truncate', () => {
  it('keeps texts up to 100 characters and cuts longer ones with an ellipsis', () => {
    expect(truncate('好'.repeat(100))).toBe('好'.repeat(100));
    expect(truncate('好'.repeat(101))).toBe(`${'好'.repeat(100)}…`);
    expect(truncate('abcdef', 3)).toBe('abc…');
  });
  it('never splits a character made of two code units', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀…');
  });
});

describe('sanitiseText (commerce §5)', () => {
  it('drops emoji and odd characters, keeps Chinese, letters, digits and punctuation', () => {
    expect(sanitiseText('好物推荐😀🎉！New 2026，¥99')).toBe('好物推荐！New 2026，¥99');
    expect(sanitiseText('限时👍🏻特卖<script>')).toBe('限时特卖script');
  });
  it('drops emoji made of several code points (flags, families, keycaps’ selectors)', () => {
    expect(sanitiseText('🇨🇳👨‍👩‍👧小店')).toBe('小店');
    expect(sanitiseText('★☆♥✿小店')).toBe('小店');
  });
  it('keeps line breaks for texts written over several lines', () => {
    expect(sanitiseText('第一行\n第二行\t!')).toBe('第一行\n第二行!');
  });
});

describe('sanitiseLine', () => {
  it('makes every white space one space and trims, after the sanitiser', () => {
    expect(sanitiseLine('  小美😀的店✨ No.1！ ')).toBe('小美的店 No.1！');
    expect(sanitiseLine('好物\u0000分享\t\t每天\n上新～')).toBe('好物分享 每天 上新～');
    expect(sanitiseLine('「小店」『推荐』 100％')).toBe('「小店」『推荐』 100％');
  });
});
