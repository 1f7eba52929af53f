import { describe, expect, it } from 'vitest';
import { MAX_ROW_ID, isRowId } from './ids.ts';
import { rowIdSchema } from './id-schemas.ts';

describe('row ids in URLs', () => {
  it('accepts 1 to the largest safe integer, as decimal digits', () => {
    expect(['1', '42', String(MAX_ROW_ID)].every(isRowId)).toBe(true);
  });

  it.each(['', '0', '01', '-1', '1.5', '1e3', ' 1', '9007199254740992', '99999999999999999999'])(
    'refuses %j',
    (value) => expect(isRowId(value)).toBe(false),
  );

  it('refuses with the given message', () => {
    const result = rowIdSchema('邀请码格式不正确').safeParse('99999999999999999999');
    expect(result.error?.issues[0]?.message).toBe('邀请码格式不正确');
  });
});
