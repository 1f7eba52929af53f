/** The browser side of the invoice pages: each calls one invoice contract. */
import { call } from '#lib/platform/client.ts';
import * as InvoiceEndpoints from './endpoints.ts';
import type { InvoiceView, TitleView } from './contracts.ts';
import type { OfferedForm, TitleKind } from './status.ts';

/** The page's shop, named explicitly: inside the messaging app the client adds no shopBizCode. */
const shopQuery = () => ({ shopBizCode: document.body.dataset.shopId ?? '' });

export interface TitleFields {
  id?: number;
  kind: TitleKind;
  name: string;
  taxId: string | null;
  regAddress: string;
  regPhone: string;
  bank: string;
  account: string;
  isDefault: boolean;
}

export function saveTitle(fields: TitleFields): Promise<TitleView> {
  const { id, ...rest } = fields;
  return call(
    InvoiceEndpoints.saveTitle,
    { body: { ...rest, ...(id === undefined ? {} : { id: String(id) }) } },
    { silent: true },
  );
}

export async function deleteTitle(id: number): Promise<void> {
  await call(InvoiceEndpoints.deleteTitle, { body: { id: String(id) } });
}

export interface ApplyFields {
  titleId: number;
  form: OfferedForm;
  mobile: string;
  email: string | null;
}

export function applyInvoice(orderNo: string, fields: ApplyFields): Promise<InvoiceView> {
  return call(
    InvoiceEndpoints.apply,
    { query: shopQuery(), body: { orderNo, ...fields, titleId: String(fields.titleId) } },
    { silent: true },
  );
}

export function resubmitInvoice(invoiceRef: string, fields: ApplyFields): Promise<InvoiceView> {
  return call(
    InvoiceEndpoints.resubmit,
    { query: shopQuery(), body: { invoiceRef, ...fields, titleId: String(fields.titleId) } },
    { silent: true },
  );
}

export interface ShopSettingsFields {
  enabled: boolean;
  specialEnabled: boolean;
  paperEnabled: boolean;
  sellerName: string;
  sellerAddress: string;
  sellerPhone: string;
  sellerBank: string;
  sellerAccount: string;
  taxCode: string;
  taxShortName: string;
  taxRateBp: number;
}

export async function saveShopSettings(fields: ShopSettingsFields): Promise<void> {
  await call(InvoiceEndpoints.shopSettings, { query: shopQuery(), body: fields }, { silent: true });
}

export async function issueByHand(input: {
  invoiceRef: string;
  invoiceNo: string;
  invoiceCode: string;
  issuedAt: string;
  pdf: Blob;
}): Promise<void> {
  await call(
    InvoiceEndpoints.manualIssue,
    {
      query: {
        ...shopQuery(),
        invoiceRef: input.invoiceRef,
        invoiceNo: input.invoiceNo,
        ...(input.invoiceCode ? { invoiceCode: input.invoiceCode } : {}),
        issuedAt: input.issuedAt,
      },
      body: input.pdf,
    },
    { silent: true },
  );
}

export async function mailInvoice(input: {
  invoiceRef: string;
  carrier: string;
  trackingNo: string;
}): Promise<void> {
  await call(InvoiceEndpoints.shopMail, { query: shopQuery(), body: input }, { silent: true });
}

export async function saveCategoryTax(input: {
  categoryId: number;
  taxCode: string;
  shortName: string;
  rateBp: number;
}): Promise<void> {
  await call(
    InvoiceEndpoints.shopCategoryTax,
    { query: shopQuery(), body: { ...input, categoryId: String(input.categoryId) } },
    { silent: true },
  );
}
