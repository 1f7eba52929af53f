/**
 * The rules of an invoice title (抬头) as a shopper fills it in, the same in the form and on the
 * server: a person needs a name; a company a name and a tax id that passes its check (tax-id.ts);
 * a 专票 also the company's registered address, phone, bank and account. Where the e-invoice
 * goes (a mobile, an email if given) is asked with each application.
 */
import type { ErrorEntry } from '#lib/platform/errors.ts';
import { MAINLAND_MOBILE } from '#lib/identity/index.ts';
import { InvoiceErrors } from './errors.ts';
import type { TitleKind } from './status.ts';
import { checkTaxId } from './tax-id.ts';

export const MAX_TITLES = 20;
export const TITLE_NAME_MAX = 100;

export interface TitleInput {
  kind: TitleKind;
  name: string;
  taxId?: string | null | undefined;
  regAddress?: string | undefined;
  regPhone?: string | undefined;
  bank?: string | undefined;
  account?: string | undefined;
}

/** A title's fields, each filled (empty text for what it has not). */
export interface TitleFields {
  kind: TitleKind;
  name: string;
  taxId: string | null;
  regAddress: string;
  regPhone: string;
  bank: string;
  account: string;
}

/** The fields as kept: tidied and checked by cleanTitle. */
export type CleanTitle = TitleFields;

const tidy = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ');

/** The title as it is kept, or the first refusal the shopper reads. */
export function cleanTitle(input: TitleInput): { ok: true; title: CleanTitle } | ErrorEntry {
  const name = tidy(input.name);
  if (name === '') return InvoiceErrors.TITLE_NAME_REQUIRED;
  const title: CleanTitle = {
    kind: input.kind,
    name: name.slice(0, TITLE_NAME_MAX),
    taxId: null,
    regAddress: tidy(input.regAddress).slice(0, 200),
    regPhone: tidy(input.regPhone).slice(0, 40),
    bank: tidy(input.bank).slice(0, 100),
    account: (input.account ?? '').replace(/\s+/g, '').slice(0, 40),
  };
  if (input.kind === 'personal') {
    return { ok: true, title: { ...title, regAddress: '', regPhone: '', bank: '', account: '' } };
  }
  if (tidy(input.taxId) === '') return InvoiceErrors.TAX_ID_REQUIRED;
  const checked = checkTaxId(input.taxId ?? '');
  if (!checked.ok) {
    if (checked.reason === 'length') return InvoiceErrors.TAX_ID_LENGTH;
    if (checked.reason === 'charset') return InvoiceErrors.TAX_ID_CHARSET;
    if (checked.reason === 'check') return InvoiceErrors.TAX_ID_CHECK;
    return InvoiceErrors.TAX_ID_REQUIRED;
  }
  return { ok: true, title: { ...title, taxId: checked.taxId } };
}

/** Whether a title carries everything a 专票 prints for its buyer. */
export function specialRefusal(title: CleanTitle): ErrorEntry | null {
  if (title.kind !== 'company') return InvoiceErrors.SPECIAL_NEEDS_COMPANY;
  return [title.regAddress, title.regPhone, title.bank, title.account].every((v) => v !== '')
    ? null
    : InvoiceErrors.SPECIAL_TITLE_INCOMPLETE;
}

/** A mainland mobile number, where the e-invoice's text message goes. */
export function isMobile(value: string): boolean {
  return MAINLAND_MOBILE.test(value);
}

/** An email address, plainly checked (the provider sends the e-invoice there). */
export function isEmail(value: string): boolean {
  return value.length <= 100 && /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value);
}

/**
 * A title the shopper keeps in the messaging app, as its JS-SDK hands it over
 * (`chooseInvoiceTitle`'s `choose_invoice_title_info`, a JSON text: type "0" 单位 / "1" 个人,
 * title, taxNumber, companyAddress, telephone, bankName, bankAccount), as the form's fields. Null
 * when the answer is not such a title. The form shows it to be saved: the server checks it as it
 * checks a title typed in.
 */
export function titleFromMessagingApp(info: unknown): TitleFields | null {
  let parsed: unknown = info;
  if (typeof info === 'string') {
    try {
      parsed = JSON.parse(info);
    } catch {
      return null;
    }
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const field = (name: string) => {
    const value = (parsed as Record<string, unknown>)[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const type = String((parsed as Record<string, unknown>).type ?? '');
  if ((type !== '0' && type !== '1') || field('title') === '') return null;
  if (type === '1') {
    return {
      kind: 'personal',
      name: field('title'),
      taxId: null,
      regAddress: '',
      regPhone: '',
      bank: '',
      account: '',
    };
  }
  return {
    kind: 'company',
    name: field('title'),
    taxId: field('taxNumber').toUpperCase(),
    regAddress: field('companyAddress'),
    regPhone: field('telephone'),
    bank: field('bankName'),
    account: field('bankAccount').replace(/\s+/g, ''),
  };
}
