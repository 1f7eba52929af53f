/**
 * The invoice calls (the specification names the pages, not their calls: these are ours, under
 * /api/invoice/): the title book, applying on an order, submitting a failed one again, the PDF,
 * and the provider's result callback.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { rowIdSchema, shopIdSchema } from '#lib/platform/id-schemas.ts';
import {
  INVOICE_FORM_TEXT,
  type InvoiceStatus,
  type OfferedForm,
  type TitleKind,
} from './status.ts';
import { TITLE_NAME_MAX } from './titles.ts';
import { parcelFields, type OrderAddress } from '#lib/orders/index.ts';

const BASE = '/api/invoice';

export interface TitleView {
  id: number;
  kind: TitleKind;
  kindText: string;
  name: string;
  taxId: string | null;
  regAddress: string;
  regPhone: string;
  bank: string;
  account: string;
  isDefault: boolean;
}

export interface InvoiceItemView {
  name: string;
  spec: string;
  unit: string;
  quantity: number;
  amountCents: number;
  taxRateText: string;
  taxCents: number;
}

/** An invoice as its buyer (or the shop's owner) reads it. */
export interface InvoiceView {
  invoiceRef: string;
  kind: 'blue' | 'red';
  /** 蓝字发票 or 红字发票. */
  kindText: string;
  form: OfferedForm;
  formText: string;
  status: InvoiceStatus;
  statusText: string;
  orderNo: string;
  buyer: { kind: TitleKind; name: string; taxId: string | null };
  seller: { name: string; taxNo: string };
  mobile: string;
  email: string | null;
  amountCents: number;
  taxCents: number;
  netCents: number;
  items: InvoiceItemView[];
  /** 20 digits for a 数电 invoice; with invoiceCode for an older one. */
  invoiceNo: string | null;
  invoiceCode: string | null;
  issuedAt: string | null;
  failure: string | null;
  /** Whether its PDF can be opened. */
  hasPdf: boolean;
  manual: boolean;
  appliedAt: string;
  /** The blue invoice a red letter reverses. */
  reversesRef: string | null;
  /** The invoice a blue one was issued again after (the one reversed). */
  replacesRef: string | null;
  /** A paper invoice: where it is mailed (the phone masked), and when (null while 待寄出). */
  mailTo: OrderAddress | null;
  mailedAt: string | null;
}

/** Every invoice of an order, the newest first, and the one that stands now. */
export interface OrderInvoices {
  orderNo: string;
  current: InvoiceView | null;
  all: InvoiceView[];
}

/** What an order may be invoiced for now, and why not when it may not. */
export interface ApplyInfo {
  orderNo: string;
  amountCents: number;
  taxCents: number;
  items: InvoiceItemView[];
  forms: OfferedForm[];
  /** Where a paper invoice would be mailed: the order's address (the phone masked). */
  mailTo: OrderAddress;
  titles: TitleView[];
  /** The mobile the e-invoice's message goes to by default: the account's. */
  mobile: string;
  /** Why it cannot be applied for now, or null. */
  refusal: string | null;
  /** An invoice standing on the order already. */
  existingRef: string | null;
}

export interface InvoiceRecordPage {
  list: InvoiceView[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export const INVOICE_PAGE_SIZE = 20;

const invoiceRef = z.string().regex(/^FP\d{21}$/, '发票编号格式不正确');
const orderNo = z.string().regex(/^[A-Z0-9]{6,40}$/, '订单编号格式不正确');
const mobile = z.string().trim().max(20);
const email = z.string().trim().max(100).nullable().optional();
const form = z.enum(Object.keys(INVOICE_FORM_TEXT) as [OfferedForm, ...OfferedForm[]], {
  message: '请选择发票类型',
});

const titleFields = {
  kind: z.enum(['personal', 'company'], { message: '请选择抬头类型' }),
  name: z.string().max(TITLE_NAME_MAX, `发票抬头最多${TITLE_NAME_MAX}个字`),
  taxId: z.string().max(40).nullable().optional(),
  regAddress: z.string().max(200).optional(),
  regPhone: z.string().max(40).optional(),
  bank: z.string().max(100).optional(),
  account: z.string().max(60).optional(),
  isDefault: z.boolean().default(false),
};

export const InvoiceContracts = {
  titles: contract<TitleView[]>()({
    method: 'GET',
    path: `${BASE}/title/list`,
    access: 'signed-in',
  }),
  /** Adds a title, or changes the one `id` names. */
  saveTitle: contract<TitleView>()({
    method: 'POST',
    path: `${BASE}/title/save`,
    body: { id: rowIdSchema('抬头编号格式不正确').optional(), ...titleFields },
    access: 'signed-in',
    message: '发票抬头已保存',
  }),
  deleteTitle: contract<null>()({
    method: 'POST',
    path: `${BASE}/title/delete`,
    body: { id: rowIdSchema('抬头编号格式不正确') },
    access: 'signed-in',
    message: '发票抬头已删除',
  }),
  apply: contract<InvoiceView>()({
    method: 'POST',
    path: `${BASE}/apply`,
    query: { shopBizCode: shopIdSchema },
    body: {
      orderNo,
      form,
      titleId: rowIdSchema('请选择发票抬头'),
      mobile,
      email,
    },
    access: 'signed-in',
    message: '开票申请已提交',
  }),
  /** 重新提交: a failed invoice submitted again, with the title and contacts it names. */
  resubmit: contract<InvoiceView>()({
    method: 'POST',
    path: `${BASE}/resubmit`,
    query: { shopBizCode: shopIdSchema },
    body: {
      invoiceRef,
      form,
      titleId: rowIdSchema('请选择发票抬头'),
      mobile,
      email,
    },
    access: 'signed-in',
    message: '已重新提交开票',
  }),
  /** The invoice's PDF (a file, not the envelope), for its buyer and the shop's owner. */
  pdf: contract<never>()({
    method: 'GET',
    path: `${BASE}/pdf`,
    query: { shopBizCode: shopIdSchema, invoiceRef },
    access: 'signed-in',
  }),
  /** The owner's invoice settings (the seller's 税号 is the provider account's). */
  shopSettings: contract<null>()({
    method: 'POST',
    path: `${BASE}/shop/settings`,
    query: { shopBizCode: shopIdSchema },
    body: {
      enabled: z.boolean(),
      specialEnabled: z.boolean(),
      paperEnabled: z.boolean(),
      sellerName: z.string().max(100),
      sellerAddress: z.string().max(200),
      sellerPhone: z.string().max(40),
      sellerBank: z.string().max(100),
      sellerAccount: z.string().max(40),
      taxCode: z.string().max(19),
      taxShortName: z.string().max(20),
      taxRateBp: z.number().int().min(0).max(1700),
    },
    access: { roles: ['D'] },
    message: '开票设置已保存',
  }),
  /** How a category's goods are taxed and printed in the shop. */
  shopCategoryTax: contract<null>()({
    method: 'POST',
    path: `${BASE}/shop/category`,
    query: { shopBizCode: shopIdSchema },
    body: {
      categoryId: rowIdSchema('商品分类编号格式不正确'),
      taxCode: z.string().regex(/^\d{19}$/, '税收分类编码应为19位数字'),
      shortName: z.string().max(20),
      rateBp: z.number().int().min(0).max(1700),
    },
    access: { roles: ['D'] },
    message: '分类税率已保存',
  }),
  /**
   * 手动开票: the owner's PDF of a failed invoice (the body), with its number and date. As every
   * upload, the body is read before anything is judged (the owner, the fields), so a refused
   * client gets the answer instead of a reset connection.
   */
  manualIssue: contract<null>()({
    method: 'POST',
    path: `${BASE}/shop/manual`,
    query: {
      shopBizCode: shopIdSchema,
      invoiceRef: z.string().max(40).optional(),
      invoiceNo: z.string().max(40).optional(),
      invoiceCode: z.string().max(40).optional(),
      issuedAt: z.string().max(40).optional(),
    },
    body: 'binary',
    access: 'signed-in',
    message: '已手动开票',
  }),
  /** 寄出: the owner mailed an issued paper invoice, with the carrier and tracking number. */
  shopMail: contract<null>()({
    method: 'POST',
    path: `${BASE}/shop/mail`,
    query: { shopBizCode: shopIdSchema },
    body: { invoiceRef, ...parcelFields },
    access: { roles: ['D'] },
    message: '已寄出',
  }),
  /** Where the invoice provider posts its results: verified by the provider's adapter (invoices/nuonuo/). */
  notify: contract<never>()({
    method: 'POST',
    path: `${BASE}/notify/nuonuo`,
    // The token of the request the result is about, which the adapter put in the URL it gave.
    query: { nt: z.string().max(200).optional() },
    access: 'anyone',
  }),
};
