import { areaList } from '@vant/area-data';
import { describe, expect, it } from 'vitest';
import {
  ID_PROVINCE_PREFIXES,
  REAL_NAME_RULE,
  RealNameMessages,
  checkDigit,
  cleanIdNumber,
  idNumberProblem,
  isRealName,
  maskIdNumber,
  maskName,
  realNameProblem,
  sameRealName,
} from './real-name.ts';

const TODAY = new Date('2026-11-23T00:00:00Z');
/** The standard's own example and one built here with its check digit. */
const GB_EXAMPLE = '11010519491231002X';
const first17 = '33010619900101124';
const VALID = `${first17}${checkDigit(first17)}`;

describe('the ID number (GB 11643)', () => {
  it('computes the check digit: weights 7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2, mod 11', () => {
    expect(checkDigit('11010519491231002')).toBe('X');
    expect(checkDigit('44052418800101001')).toBe('4');
    expect(idNumberProblem('440524188001010014', TODAY)).toBe('ID_BIRTH');
    expect(VALID).toBe('330106199001011248');
  });

  it('accepts well-formed numbers, lower-case x and spaces included', () => {
    expect(idNumberProblem(GB_EXAMPLE, TODAY)).toBeNull();
    expect(idNumberProblem('11010519491231002x', TODAY)).toBeNull();
    expect(idNumberProblem('330106 19900101 1248', TODAY)).toBeNull();
    expect(idNumberProblem('３３０１０６１９９００１０１１２４８', TODAY)).toBeNull();
    expect(cleanIdNumber(' 11010519491231002x ')).toBe(GB_EXAMPLE);
  });

  it('refuses a wrong check digit', () => {
    expect(idNumberProblem('330106199001011241', TODAY)).toBe('ID_CHECK_DIGIT');
    expect(idNumberProblem('110105194912310021', TODAY)).toBe('ID_CHECK_DIGIT');
  });

  it('refuses a wrong length, letters, an unknown region or an impossible birth date', () => {
    expect(idNumberProblem('33010619900101123', TODAY)).toBe('ID_FORMAT');
    expect(idNumberProblem('3301061990010112381', TODAY)).toBe('ID_FORMAT');
    expect(idNumberProblem('33010619900101123A', TODAY)).toBe('ID_FORMAT');
    expect(idNumberProblem('330106900101123', TODAY)).toBe('ID_FORMAT');
    const withDigit = (s: string) => `${s}${checkDigit(s)}`;
    expect(idNumberProblem(withDigit('99010619900101123'), TODAY)).toBe('ID_REGION');
    expect(idNumberProblem(withDigit('33000019900101123'), TODAY)).toBe('ID_REGION');
    expect(idNumberProblem(withDigit('33010619900230123'), TODAY)).toBe('ID_BIRTH');
    expect(idNumberProblem(withDigit('33010618990101123'), TODAY)).toBe('ID_BIRTH');
    expect(idNumberProblem(withDigit('33010620270101123'), TODAY)).toBe('ID_BIRTH');
    expect(idNumberProblem(withDigit('33010620000229123'), TODAY)).toBeNull();
  });

  it('knows the province prefixes of the regions dataset, and 83 of residence permits', () => {
    const dataset = Object.keys(areaList.province_list).map((code) => code.slice(0, 2));
    expect([...ID_PROVINCE_PREFIXES].sort()).toEqual([...dataset, '83'].sort());
  });
});

describe('the real name', () => {
  it('takes 2–20 Chinese characters with · between parts', () => {
    expect(isRealName('张三')).toBe(true);
    expect(isRealName('阿卜杜·热合曼')).toBe(true);
    expect(isRealName('阿卜杜•热合曼')).toBe(true);
    expect(isRealName(' 王 小明 ')).toBe(true);
    expect(isRealName('张')).toBe(false);
    expect(isRealName('张'.repeat(21))).toBe(false);
    expect(isRealName('Zhang San')).toBe(false);
    expect(isRealName('·张三')).toBe(false);
    expect(isRealName('张三1')).toBe(false);
  });

  it('says the first problem of the form in Chinese', () => {
    expect(realNameProblem({ name: 'x', idNumber: VALID }, TODAY)).toEqual({
      field: 'name',
      message: RealNameMessages.NAME,
    });
    expect(realNameProblem({ name: '张三', idNumber: '330106199001011234' }, TODAY)).toEqual({
      field: 'idNumber',
      message: RealNameMessages.ID_CHECK_DIGIT,
    });
    expect(realNameProblem({ name: '张三', idNumber: VALID }, TODAY)).toBeNull();
  });

  it('masks names and numbers', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('王小明')).toBe('王*明');
    expect(maskName('欧阳娜娜')).toBe('欧**娜');
    expect(maskName('阿卜杜·热合曼')).toBe('阿*****曼');
    expect(maskIdNumber(VALID)).toBe('330106********1248');
    expect(maskIdNumber(GB_EXAMPLE)).toBe('110105********002X');
    expect(maskIdNumber(VALID)).not.toContain('19900101');
  });

  it('compares names as written by the payer', () => {
    expect(sameRealName('阿卜杜·热合曼', ' 阿卜杜•热合曼')).toBe(true);
    expect(sameRealName('张三', '张四')).toBe(false);
    expect(sameRealName('', '')).toBe(false);
  });

  it('shows the customs rule (shell §5)', () => {
    expect(REAL_NAME_RULE).toContain('中国大陆二代身份证');
    expect(REAL_NAME_RULE).toContain('订购人实名信息需与支付人一致');
  });
});
