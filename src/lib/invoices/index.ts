/**
 * The invoices area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export { INVOICE_PAGE_SIZE, InvoiceContracts } from './contracts.ts';
export * as InvoiceEndpoints from './endpoints.ts';
export type {
  ApplyInfo,
  InvoiceItemView,
  InvoiceRecordPage,
  InvoiceView,
  OrderInvoices,
  TitleView,
} from './contracts.ts';
export { InvoiceErrors } from './errors.ts';
export { checkTaxId } from './tax-id.ts';
export {
  cleanTitle,
  isEmail,
  isMobile,
  specialRefusal,
  titleFromMessagingApp,
  MAX_TITLES,
} from './titles.ts';
export type { TitleFields, TitleInput } from './titles.ts';
export {
  INVOICE_FORM_TEXT,
  INVOICE_STATUS_TEXT,
  InvoiceStatus,
  MAILING_TEXT,
  TITLE_KIND_TEXT,
  isPaperForm,
  isSpecialForm,
  offeredForms,
} from './status.ts';
export type { OfferedForm, TitleKind } from './status.ts';
