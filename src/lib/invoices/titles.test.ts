import { describe, expect, it } from 'vitest';
import { InvoiceErrors } from './errors.ts';
import { cleanTitle, isEmail, isMobile, specialRefusal } from './titles.ts';

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
