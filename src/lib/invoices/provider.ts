/**
 * What the invoices area asks of an invoice provider: a tax-control service's open platform that
 * issues e-invoices (数电发票) and their red-letter reversals (红字) asynchronously. The real
 * adapter speaks 诺诺's open platform (invoices/nuonuo/); in a demo it talks to the built-in
 * sandbox that speaks the same protocol, so only the base URL and keys differ (DESIGN "Modes,
 * providers and sandboxes").
 *
 * Amounts are integer cents, tax included, as the shop priced them; the shop works out each
 * item's tax (invoices/amounts.ts), the provider prints what it is given.
 */

/** 数电普票 and 数电专票 (electronic), or their paper forms. */
export type InvoiceForm = 'e-normal' | 'e-special' | 'paper-normal' | 'paper-special';

export interface InvoiceParty {
  name: string;
  /** 纳税人识别号: the 18-character unified social credit code, or a legacy id; null for a person. */
  taxNo: string | null;
  address?: string;
  phone?: string;
  /** 开户银行 and 银行账号 (a 专票's buyer, the seller). */
  bank?: string;
  account?: string;
}

export interface InvoiceItem {
  /** As printed: the tax category's short name in asterisks, then the goods, e.g. *鞋*森野跑步鞋. */
  name: string;
  /** 税收分类编码, 19 digits. */
  taxCode: string;
  /** 规格型号, e.g. the SKU's description. */
  spec: string;
  /** 单位, e.g. 件. */
  unit: string;
  /** Negative on a red letter. */
  quantity: number;
  /** 价税合计 of the item in cents: tax included; negative on a red letter. */
  amountCents: number;
  /** The rate in basis points: 1300 is 13%. */
  taxRateBp: number;
  /** The tax within amountCents, in cents; negative on a red letter. */
  taxCents: number;
}

export interface IssueRequest {
  /**
   * The shop's number for this request (the provider's orderNo): unique per invoice the shop
   * asks for, so asking again with it can never issue twice.
   */
  requestNo: string;
  kind: 'blue' | 'red';
  form: InvoiceForm;
  buyer: InvoiceParty & {
    /** Where the provider sends the e-invoice, when given. */
    email: string | null;
    mobile: string;
  };
  seller: InvoiceParty & { taxNo: string };
  items: InvoiceItem[];
  /** A red letter: the blue invoice it reverses, in whole. */
  reverses?: {
    /** 20 digits for a 数电 invoice; 8 with a 10- or 12-digit code for an older one. */
    invoiceNo: string;
    invoiceCode: string | null;
    issuedAt: Date;
    /** 冲红原因, e.g. 销货退回. */
    reason: string;
  };
  /** 备注 printed on the invoice, e.g. the order number. */
  remark: string;
  /** Where the provider posts the result when it has one. */
  callbackUrl: string;
}

/** Where a request stands at the provider. */
export type ProviderResult =
  | { state: 'issuing' }
  | {
      state: 'issued';
      /** 20 digits for a 数电 invoice (no code); 8 digits with invoiceCode for an older one. */
      invoiceNo: string;
      invoiceCode: string | null;
      issuedAt: Date;
      /** Where the provider serves the invoice's PDF (fetchPdf reads it). */
      pdfUrl: string;
    }
  | {
      state: 'failed';
      /** The provider's own words, shown on invoiceError. */
      reason: string;
    };

/**
 * A refusal or a failure of a call. `retryable` is true for what may pass when tried again
 * (timeouts, the provider's own faults, an expired token); false for a refusal of the request
 * itself (a bad tax number, an amount it will not issue), whose message the shopper may read.
 */
export class InvoiceProviderError extends Error {
  override name = 'InvoiceProviderError';
  readonly code: string;
  readonly retryable: boolean;
  constructor(code: string, message: string, retryable: boolean) {
    super(message);
    this.code = code;
    this.retryable = retryable;
  }
}

export interface InvoiceProvider {
  /** 'nuonuo' (against the real platform or the sandbox). */
  readonly name: string;
  /**
   * Submits a request; the provider issues it in its own time. Answers its serial number
   * (流水号). Submitting a requestNo again answers the same serial number, never a second invoice.
   */
  submit(request: IssueRequest): Promise<{ serialNo: string }>;
  /** Where the request with this serial number stands now. */
  query(serialNo: string): Promise<ProviderResult>;
  /**
   * A result the provider posted to the callback URL: read and verified as the provider's own,
   * or null when it is not (then nothing may change). The answer to send back is `reply`.
   */
  readCallback(
    request: Request,
  ): Promise<{ serialNo: string; result: ProviderResult; reply: Response } | null>;
  /** The PDF of an issued invoice, from its pdfUrl. */
  fetchPdf(pdfUrl: string): Promise<Uint8Array>;
}
