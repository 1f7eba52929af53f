import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar } from '#lib/platform/credit-code.ts';
import { checkTaxId } from './tax-id.ts';

/** Unified social credit codes as the companies publish them (licences, invoices, filings). */
const PUBLISHED = {
  '9144030071526726XG': '腾讯科技（深圳）有限公司',
  '91330100716105852F': '阿里巴巴（中国）有限公司',
  '914403001922038216': '华为技术有限公司',
  '91110108558521630L': '小米通讯技术有限公司',
  '91110000802100433B': '北京百度网讯科技有限公司',
  '91100000100003962T': '中国工商银行股份有限公司',
};

describe('the unified social credit code (GB 32100)', () => {
  it.each(Object.entries(PUBLISHED))('accepts %s (%s)', (code) => {
    expect(checkTaxId(code)).toEqual({ ok: true, taxId: code, kind: 'uscc' });
    expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code[17]);
  });

  it('refuses every published code with its check character changed', () => {
    for (const code of Object.keys(PUBLISHED)) {
      for (const c of '0123456789ABCDEFGHJKLMNPQRTUWXY') {
        if (c === code[17]) continue;
        expect(checkTaxId(code.slice(0, 17) + c), code.slice(0, 17) + c).toEqual({
          ok: false,
          reason: 'check',
        });
      }
    }
  });

  it('refuses a code with one character mistyped or two neighbours swapped', () => {
    for (const code of Object.keys(PUBLISHED)) {
      for (let i = 0; i < 17; i += 1) {
        const typo = code.slice(0, i) + (code[i] === '1' ? '7' : '1') + code.slice(i + 1);
        expect(checkTaxId(typo).ok, typo).toBe(false);
        if (code[i] !== code[i + 1]) {
          const swapped = code.slice(0, i) + code[i + 1] + code[i] + code.slice(i + 2);
          expect(checkTaxId(swapped).ok, swapped).toBe(false);
        }
      }
    }
  });

  it('refuses the letters the code never uses (I, O, S, V, Z)', () => {
    for (const letter of 'IOSVZ') {
      expect(checkTaxId(`91330100716105852${letter}`)).toEqual({ ok: false, reason: 'charset' });
      expect(checkTaxId(`9133010071610585${letter}F`)).toEqual({ ok: false, reason: 'charset' });
    }
  });

  it('reads a code typed in lower case or with spaces as the same code', () => {
    expect(checkTaxId(' 9144 0300 7152 6726xg ')).toEqual({
      ok: true,
      taxId: '9144030071526726XG',
      kind: 'uscc',
    });
  });

  it('takes 15-, 17- and 20-character legacy ids unchecked, and refuses other lengths', () => {
    expect(checkTaxId('440300715267262')).toEqual({
      ok: true,
      taxId: '440300715267262',
      kind: 'legacy',
    });
    expect(checkTaxId('44030071526726212').ok).toBe(true);
    expect(checkTaxId('4403007152672621234X').ok).toBe(true);
    expect(checkTaxId('4403007152672')).toEqual({ ok: false, reason: 'length' });
    expect(checkTaxId('9144030071526726XG1')).toEqual({ ok: false, reason: 'length' });
    expect(checkTaxId('44030071526726-')).toEqual({ ok: false, reason: 'charset' });
    expect(checkTaxId('   ')).toEqual({ ok: false, reason: 'empty' });
  });
});
