import { creditCodeCheckChar } from '#lib/platform/credit-code.ts';
import { describe, expect, it } from 'vitest';
import { checkLicence, creditCodeProblem, licenceRows, type LicenceInput } from './licence.ts';

/** Unified social credit codes as published on the companies' own licences. */
const PUBLISHED = [
  '91330100799655058B', // 阿里巴巴（中国）有限公司
  '91440300708461136T', // 深圳市腾讯计算机系统有限公司
  '914403001922038216', // 华为技术有限公司
  '91110108551385082Q', // 北京小米科技有限责任公司
  '91350100M000100Y43', // the standard's own example (GB 32100-2015)
];

describe('the unified social credit code (GB 32100-2015)', () => {
  it('accepts published codes', () => {
    for (const code of PUBLISHED) expect(creditCodeProblem(code)).toBeNull();
  });

  it('refuses a code with one character changed, or its check character wrong', () => {
    for (const code of PUBLISHED) {
      const changed = `${code.slice(0, 9)}${code[9] === '1' ? '2' : '1'}${code.slice(10)}`;
      expect(creditCodeProblem(changed)?.message).toBe(
        '统一社会信用代码校验位不正确，请对照营业执照核对',
      );
      const check = creditCodeCheckChar(code.slice(0, 17))!;
      const other = check === '0' ? '1' : '0';
      expect(creditCodeProblem(code.slice(0, 17) + other)?.code).toBe(49925);
    }
  });

  it('refuses other lengths and the letters I, O, S, V, Z', () => {
    const format = '统一社会信用代码应为18位，由数字和大写字母组成（不含I、O、S、V、Z）';
    expect(creditCodeProblem('91330100799655058')?.message).toBe(format);
    expect(creditCodeProblem('91330100799655058BX')?.message).toBe(format);
    expect(creditCodeProblem('9133010079965505OB')?.message).toBe(format);
    expect(creditCodeProblem('91330100799655058b')?.message).toBe(format);
  });
});

const LICENCE: LicenceInput = {
  kind: '有限责任公司',
  name: '杭州小鹿优选电子商务有限公司',
  creditCode: '9133 0100 7996 5505 8b',
  representative: '林晓璐',
  capital: '100万元人民币',
  foundedOn: '2021-03-18',
  termStart: '2021-03-18',
  termEnd: '',
  address: '浙江省杭州市西湖区文三路398号',
  scope: '互联网销售；服装服饰零售。',
  authority: '杭州市西湖区市场监督管理局',
};
const refusal = (over: Partial<LicenceInput>) => {
  const result = checkLicence({ ...LICENCE, ...over }, '2026-11-21');
  return result.ok ? null : { field: result.field, message: result.error.message };
};

describe('the licence the owner enters', () => {
  it('is read as printed: the code without spaces in capitals, 长期 without an end', () => {
    const result = checkLicence(LICENCE, '2026-11-21');
    expect(result).toMatchObject({
      ok: true,
      value: { creditCode: '91330100799655058B', termEnd: null },
    });
  });

  it('names the field and says why', () => {
    expect(refusal({ kind: '公司' })).toEqual({ field: 'kind', message: '请选择主体类型' });
    expect(refusal({ name: ' ' })).toEqual({ field: 'name', message: '请填写名称' });
    expect(refusal({ creditCode: '91330100799655058A' })).toEqual({
      field: 'creditCode',
      message: '统一社会信用代码校验位不正确，请对照营业执照核对',
    });
    expect(refusal({ representative: '' })?.message).toBe('请填写法定代表人（经营者）姓名');
    expect(refusal({ foundedOn: '2026-11-22' })).toEqual({
      field: 'foundedOn',
      message: '请填写正确的成立日期',
    });
    expect(refusal({ termEnd: '2021-03-18' })).toEqual({
      field: 'termEnd',
      message: '营业期限的结束日期应晚于开始日期',
    });
    expect(refusal({ address: '' })?.message).toBe('请填写住所（经营场所）');
    expect(refusal({ scope: '' })?.message).toBe('请填写经营范围');
    expect(refusal({ authority: '' })?.message).toBe('请填写登记机关');
  });

  it('is shown in the licence’s order, an individual business with its own words', () => {
    const result = checkLicence({ ...LICENCE, kind: '个体工商户', capital: '' }, '2026-11-21');
    if (!result.ok) throw new Error(result.error.message);
    expect(licenceRows(result.value).map((row) => row.label)).toEqual([
      '统一社会信用代码',
      '名称',
      '类型',
      '经营者',
      '注册日期',
      '营业期限',
      '经营场所',
      '经营范围',
      '登记机关',
    ]);
    expect(licenceRows(result.value).find((row) => row.label === '营业期限')?.value).toBe(
      '2021年3月18日至长期',
    );
  });
});
