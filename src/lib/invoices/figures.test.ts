import { describe, expect, it } from 'vitest';
import { capitals } from './figures.ts';

describe('价税合计 in capitals', () => {
  it.each([
    [11300, '壹佰壹拾叁圆整'],
    [123456, '壹仟贰佰叁拾肆圆伍角陆分'],
    [10005, '壹佰圆零伍分'],
    [50, '伍角'],
    [7, '柒分'],
    [1000, '壹拾圆整'],
    [0, '零圆整'],
    [100000000, '壹佰万圆整'],
    [1000100, '壹万零壹圆整'],
    [10010000, '壹拾万零壹佰圆整'],
    [100000001, '壹佰万圆零壹分'],
    [1000000000000, '壹佰亿圆整'],
    [-11300, '负壹佰壹拾叁圆整'],
  ])('%i cents is %s', (cents, text) => {
    expect(capitals(cents)).toBe(text);
  });
});
