/**
 * The invoices area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export {
  applyInvoice,
  invoicePdf,
  invoiceableOrders,
  listInvoices,
  orderInvoiceEntry,
  readApplyInfo,
  readApplyPage,
  readErrorPage,
  readInvoice,
  readInvoicePage,
  readInvoiceableOrders,
  readOrderInvoices,
  readPreviewPage,
  resubmitInvoice,
  saveApplication,
} from './invoices.server.ts';
export {
  applyProviderResult,
  noteInvoiceRefund,
  reconcileOrderInvoices,
  runInvoiceTimers,
  startInvoiceTimers,
} from './issuing.server.ts';
export type { InvoiceIssuer } from './issuing.server.ts';
export { mailPaperInvoice, readPaperInvoicePage } from './mailing.server.ts';
export type { PaperInvoicePage } from './mailing.server.ts';
export { invoiceSettingsOf, saveCategoryTax, saveInvoiceSettings } from './settings.server.ts';
export type { SettingsInput } from './settings.server.ts';
export { deleteTitle, listTitles, saveTitle } from './titles.server.ts';
export { invoiceIssuer, receiveInvoiceCallback, reconcileAfterRefund } from './issuer.server.ts';
export {
  NUONUO_NOTIFY_PATH,
  NUONUO_SANDBOX_PREFIX,
  handleNuonuoSandbox,
  invoiceReadiness,
  nuonuoSeller,
  startNuonuoSandbox,
} from './nuonuo/index.server.ts';
export {
  issueByHand,
  listShopInvoices,
  readShopInvoicesPage,
  readShopSettings,
  saveShopCategoryTax,
  saveShopSettings,
} from './shop.server.ts';
export type { CategoryTaxRow } from './shop.server.ts';
