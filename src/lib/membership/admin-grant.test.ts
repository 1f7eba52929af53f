import { describe, expect, it } from 'vitest';
import { ADMIN_GRANT_TOKEN, USER_VERIFY_CODE, newUserVerifyCode } from './admin-grant.ts';

describe('newUserVerifyCode', () => {
  it('gives six digits, zero-padded', () => {
    for (let i = 0; i < 200; i += 1) expect(newUserVerifyCode()).toMatch(USER_VERIFY_CODE);
    expect(newUserVerifyCode((a) => a.fill(42))).toBe('000042');
  });

  it('redraws values that would bias the low codes', () => {
    const draws = [2 ** 32 - 1, 4_294_000_000, 1_234_567];
    expect(newUserVerifyCode((a) => a.fill(draws.shift()!))).toBe('234567');
    expect(draws).toEqual([]);
  });
});

describe('formats', () => {
  it('accepts six digits only and 43-character base64url tokens', () => {
    expect(USER_VERIFY_CODE.test('012345')).toBe(true);
    expect(USER_VERIFY_CODE.test('12345')).toBe(false);
    expect(USER_VERIFY_CODE.test('12345a')).toBe(false);
    expect(ADMIN_GRANT_TOKEN.test('a'.repeat(43))).toBe(true);
    expect(ADMIN_GRANT_TOKEN.test('a'.repeat(42) + '=')).toBe(false);
    expect(ADMIN_GRANT_TOKEN.test('a'.repeat(44))).toBe(false);
  });
});
