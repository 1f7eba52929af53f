import { describe, expect, it } from 'vitest';
import { InvoiceErrors } from './errors.ts';
import { cleanTitle, isEmail, isMobile, specialRefusal, titleFromMessagingApp } from './titles.ts';

const company = {
  kind: 'company' as const,
  name: ' 小鹿优选  科技有限公司 ',
  taxId: '91330100716105852f',
  regAddress: '杭州市余杭区文一西路969号',
  regPhone: '0571-85022088',
  bank: '招商银行杭州分行',
  account: '5719 0000 1234 5678',
};

describe('an invoice title', () => {
  it('of a person needs only the name, and keeps nothing of a company', () => {
    expect(cleanTitle({ kind: 'personal', name: '  张三 ' })).toEqual({
      ok: true,
      title: {
        kind: 'personal',
        name: '张三',
        taxId: null,
        regAddress: '',
        regPhone: '',
        bank: '',
        account: '',
      },
    });
    expect(cleanTitle({ kind: 'personal', name: ' ' })).toBe(InvoiceErrors.TITLE_NAME_REQUIRED);
  });

  it('of a company needs a tax id that passes its check', () => {
    const clean = cleanTitle(company);
    expect(clean).toMatchObject({
      ok: true,
      title: {
        name: '小鹿优选 科技有限公司',
        taxId: '91330100716105852F',
        account: '5719000012345678',
      },
    });
    expect(cleanTitle({ ...company, taxId: '' })).toBe(InvoiceErrors.TAX_ID_REQUIRED);
    expect(cleanTitle({ ...company, taxId: '91330100716105852E' })).toBe(
      InvoiceErrors.TAX_ID_CHECK,
    );
    expect(cleanTitle({ ...company, taxId: '9133010071610585' })).toBe(InvoiceErrors.TAX_ID_LENGTH);
    expect(cleanTitle({ ...company, taxId: '91330100716105852O' })).toBe(
      InvoiceErrors.TAX_ID_CHARSET,
    );
    expect(InvoiceErrors.TAX_ID_CHECK.message).toBe('纳税人识别号校验位不正确，请核对后重新填写');
  });

  it('for a 专票 is a company with its registered address, phone, bank and account', () => {
    const clean = cleanTitle(company);
    if (!('title' in clean)) throw new Error('refused');
    expect(specialRefusal(clean.title)).toBeNull();
    expect(specialRefusal({ ...clean.title, bank: '' })).toBe(
      InvoiceErrors.SPECIAL_TITLE_INCOMPLETE,
    );
    const person = cleanTitle({ kind: 'personal', name: '张三' });
    if (!('title' in person)) throw new Error('refused');
    expect(specialRefusal(person.title)).toBe(InvoiceErrors.SPECIAL_NEEDS_COMPANY);
  });

  it('is sent to a mainland mobile and, when given, an email address', () => {
    expect(isMobile('13800000001')).toBe(true);
    expect(isMobile('12800000001')).toBe(false);
    expect(isMobile('1380000000')).toBe(false);
    expect(isEmail('buyer@example.com')).toBe(true);
    expect(isEmail('buyer@example')).toBe(false);
    expect(isEmail('a b@example.com')).toBe(false);
  });
});

describe('a title handed over by the messaging app (chooseInvoiceTitle)', () => {
  it('reads a company title from the JSON text, as the form fields, upper-casing the tax id', () => {
    const info = JSON.stringify({
      type: '0',
      title: '深圳市腾讯计算机系统有限公司',
      taxNumber: '91440300708461136t',
      companyAddress: '深圳市南山区粤海街道麻岭社区科技中一路腾讯大厦35层',
      telephone: '0755-86013388',
      bankName: '招商银行深圳分行科技园支行',
      bankAccount: '8178 0049 4810 001',
    });
    expect(titleFromMessagingApp(info)).toEqual({
      kind: 'company',
      name: '深圳市腾讯计算机系统有限公司',
      taxId: '91440300708461136T',
      regAddress: '深圳市南山区粤海街道麻岭社区科技中一路腾讯大厦35层',
      regPhone: '0755-86013388',
      bank: '招商银行深圳分行科技园支行',
      account: '817800494810001',
    });
    const read = titleFromMessagingApp(info)!;
    expect('title' in cleanTitle(read)).toBe(true);
  });

  it('reads a personal title as a name only, whatever else it carries', () => {
    expect(
      titleFromMessagingApp({ type: '1', title: ' 张三 ', taxNumber: 'x', telephone: '138' }),
    ).toEqual({
      kind: 'personal',
      name: '张三',
      taxId: null,
      regAddress: '',
      regPhone: '',
      bank: '',
      account: '',
    });
  });

  it('refuses what is not a title: bad JSON, an unknown type, no name', () => {
    expect(titleFromMessagingApp('{')).toBeNull();
    expect(titleFromMessagingApp(JSON.stringify({ type: '2', title: 'A' }))).toBeNull();
    expect(titleFromMessagingApp(JSON.stringify({ type: '0', title: ' ' }))).toBeNull();
    expect(titleFromMessagingApp(undefined)).toBeNull();
  });

  it('leaves a wrong tax id to the same check as one typed in', () => {
    const read = titleFromMessagingApp({
      type: '0',
      title: '某公司',
      taxNumber: '91440300708461136A',
    });
    expect(read?.taxId).toBe('91440300708461136A');
    expect(cleanTitle(read!)).toBe(InvoiceErrors.TAX_ID_CHECK);
  });
});
