import { describe, expect, it } from 'vitest';
import { oneOf, optionalText, pageNumber, readPageQuery, text, wholeNumber } from './page-query.ts';

const read = (query: string) =>
  readPageQuery(new URLSearchParams(query), {
    page: pageNumber(100),
    index: wholeNumber(0),
    sort: oneOf(['default', 'sales'], 'default'),
    keyword: text(5),
    tag: optionalText(),
  });

describe('readPageQuery', () => {
  it('reads well-formed values', () => {
    expect(read('page=3&index=2&sort=sales&keyword=%20tee%20&tag=T1')).toEqual({
      page: 3,
      index: 2,
      sort: 'sales',
      keyword: 'tee',
      tag: 'T1',
    });
  });

  it('reads text holding a NUL as missing', () => {
    expect(read('keyword=a%00b&tag=T%001')).toMatchObject({ keyword: '', tag: undefined });
  });

  it('falls back to the defaults for missing and odd values, never throwing', () => {
    expect(read('')).toEqual({ page: 1, index: 0, sort: 'default', keyword: '', tag: undefined });
    expect(read('page=abc&index=1.5&sort=cheapest&keyword=abcdefgh')).toEqual({
      page: 1,
      index: 0,
      sort: 'default',
      keyword: 'abcde',
      tag: undefined,
    });
    expect(read('page=0').page).toBe(1);
    expect(read('page=101').page).toBe(1);
  });

  it('takes the first of repeated keys and leaves unread keys alone', () => {
    expect(read('page=2&page=5&shopId=1001&distributorId=7')).toEqual({
      page: 2,
      index: 0,
      sort: 'default',
      keyword: '',
      tag: undefined,
    });
  });
});
