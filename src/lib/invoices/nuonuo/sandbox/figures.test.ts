import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar as usccCheckChar } from '#lib/platform/credit-code.ts';
import { checkTaxNo, makeUscc, orgCodeCheckChar } from './figures.ts';

describe('the buyer tax number check (GB 32100)', () => {
  // Published 统一社会信用代码 of real companies (诺诺's own, its docs' examples, others).
  const published = [
    '91330106MA2AYNWD8M',
    '91440101MA5APD8X8J',
    '9144030071526726XG',
    '91330100799655058B',
    '91110000802100433B',
  ];

  it('accepts published codes', () => {
    for (const code of published) expect(checkTaxNo(code), code).toEqual({ ok: true });
  });

  it('refuses each of them with its check character changed', () => {
    for (const code of published) {
      const check = code[17]!;
      const wrong = check === '0' ? '1' : '0';
      expect(checkTaxNo(code.slice(0, 17) + wrong)).toEqual({
        ok: false,
        reason: '购方税号有误：校验码不正确',
      });
    }
  });

  it('refuses a character the code set does not have, lower case, and bad lengths', () => {
    expect(checkTaxNo('91330106MA2AYNWDOM')).toEqual({
      ok: false,
      reason: '购方税号有误：含有不允许的字符',
    });
    expect(checkTaxNo('91330106ma2aynwd8m').ok).toBe(false);
    expect(checkTaxNo('9133010').ok).toBe(false);
    expect(checkTaxNo('9133010612345678').ok).toBe(false);
  });

  it('takes the older 15-, 17- and 20-character ids as they are', () => {
    expect(checkTaxNo('330106123456789')).toEqual({ ok: true });
    expect(checkTaxNo('33010612345678901')).toEqual({ ok: true });
    expect(checkTaxNo('330106123456789012AB')).toEqual({ ok: true });
  });

  it('makes valid codes (the sandbox seller), organisation check included', () => {
    expect(orgCodeCheckChar('MA2AYNWD')).toBe('8');
    expect(makeUscc('330106', 'MA2AYNWD')).toBe('91330106MA2AYNWD8M');
    expect(usccCheckChar('9133010')).toBeNull();
  });
});
