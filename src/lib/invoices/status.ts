/**
 * The states of an invoice (DESIGN "States are tables"). A blue invoice is asked for, submitted to
 * the provider, issued or failed (a failure is submitted again, or the owner issues it by hand),
 * and once issued may only be reversed by a red letter: reversing while the red one is issued,
 * then reversed. A red letter goes the same way from applied to issued. Issued invoices are never
 * edited.
 */
import { transitions } from '#lib/platform/transitions.ts';

export const InvoiceStatus = {
  /** Saved, not yet taken by the provider. */
  Applied: 10,
  /** Taken by the provider, which issues it in its own time. */
  Issuing: 20,
  Issued: 30,
  /** Refused or failed at the provider: its reason is shown, and it may be submitted again. */
  Failed: 40,
  /** A blue invoice whose red letter is under way. */
  Reversing: 50,
  Reversed: 60,
} as const;
export type InvoiceStatus = (typeof InvoiceStatus)[keyof typeof InvoiceStatus];

export const invoiceTransitions = transitions<InvoiceStatus>({
  [InvoiceStatus.Applied]: [InvoiceStatus.Issuing, InvoiceStatus.Failed],
  [InvoiceStatus.Issuing]: [InvoiceStatus.Issued, InvoiceStatus.Failed],
  // 重新提交 (saved again with a new request number), or 手动开票 by the owner with a PDF.
  [InvoiceStatus.Failed]: [InvoiceStatus.Applied, InvoiceStatus.Issued],
  [InvoiceStatus.Issued]: [InvoiceStatus.Reversing],
  [InvoiceStatus.Reversing]: [InvoiceStatus.Reversed],
  [InvoiceStatus.Reversed]: [],
});

export type InvoiceKind = 'blue' | 'red';

/** What the shopper reads for each state. */
export const INVOICE_STATUS_TEXT: Record<InvoiceStatus, string> = {
  [InvoiceStatus.Applied]: '开票中',
  [InvoiceStatus.Issuing]: '开票中',
  [InvoiceStatus.Issued]: '已开票',
  [InvoiceStatus.Failed]: '开票失败',
  [InvoiceStatus.Reversing]: '冲红中',
  [InvoiceStatus.Reversed]: '已冲红',
};

/** The forms a shop offers: 数电 invoices, 普票 or 专票, sent as a file or printed and mailed. */
export const INVOICE_FORM_TEXT = {
  'e-normal': '电子普通发票',
  'e-special': '电子专用发票',
  'paper-normal': '纸质普通发票',
  'paper-special': '纸质专用发票',
} as const;
export type OfferedForm = keyof typeof INVOICE_FORM_TEXT;

/** A 专票: printed for a company with its registered address, phone, bank and account. */
export const isSpecialForm = (form: OfferedForm) => form.endsWith('-special');
/** A paper invoice: printed by the shop and mailed to the shopper. */
export const isPaperForm = (form: OfferedForm) => form.startsWith('paper-');

/** The forms a shop's settings offer: 普票 always, 专票 and paper when switched on. */
export function offeredForms(settings: {
  specialEnabled: boolean;
  paperEnabled: boolean;
}): OfferedForm[] {
  return (Object.keys(INVOICE_FORM_TEXT) as OfferedForm[]).filter(
    (form) =>
      (settings.specialEnabled || !isSpecialForm(form)) &&
      (settings.paperEnabled || !isPaperForm(form)),
  );
}

/** Where a paper invoice is on its way to the shopper (the order's address when applied for). */
export const MAILING_TEXT = { waiting: '待寄出', mailed: '已寄出' } as const;

export const TITLE_KIND_TEXT = { personal: '个人', company: '单位' } as const;
export type TitleKind = keyof typeof TITLE_KIND_TEXT;
