/**
 * The invoice provider on 诺诺's open platform (InvoiceProvider, invoices/provider.ts):
 *
 * - submit: requestBillingNew with the shop's requestNo as orderNo, every line 价税合计 with
 *   withTaxFlag 1 and the rate as a decimal; a red letter is invoiceType 2 naming the blue
 *   invoice's number (20 digits for 数电) and code (empty for 数电) and 冲红原因. A resubmission the
 *   platform refuses as a duplicate orderNo (E9106) answers the first request's serial number,
 *   found by querying the orderNo: one requestNo never makes two invoices.
 * - query: queryInvoiceResult by serial number; 2 开票完成 → issued (numbers kept as text),
 *   20/21 → issuing, 22 → failed with failCause, 24 (开票成功签章失败) → sealing retried with
 *   reInvoice (the invoice exists: it must never be issued anew) and issuing.
 * - readCallback: the platform's post is trusted for nothing but a reason to ask: it must carry
 *   the callback token of its orderno, and the result is what a signed query answers.
 */
import {
  InvoiceProviderError,
  type InvoiceItem,
  type InvoiceProvider,
  type IssueRequest,
  type ProviderResult,
} from '../provider.ts';
import { failure, refusal, type NuonuoClient } from './client.server.ts';
import {
  CALLBACK_TAKEN,
  Code,
  INVOICE_LINE,
  Method,
  RED_REASONS,
  Status,
  callbackUrlWithToken,
  chinaTime,
  invoiceNumbers,
  parsePlatformTime,
  quantityText,
  rateText,
  readCallbackForm,
  unitPriceText,
  verifyCallbackToken,
  yuan,
  type BillingDetail,
  type BillingOrder,
  type InvoiceResultItem,
} from './protocol.ts';

/** A callback's form is a few kilobytes; more is not the platform's. */
const MAX_CALLBACK_BYTES = 64 * 1024;
const PDF_TIMEOUT_MS = 20_000;
const MAX_PDF_BYTES = 10 * 1024 * 1024;

const bad = (message: string) => new InvoiceProviderError('BAD_REQUEST', message, false);

function detail(item: InvoiceItem, red: boolean): BillingDetail {
  const sign = red ? -1 : 1;
  if (
    item.quantity * sign <= 0 ||
    item.amountCents * sign <= 0 ||
    item.taxCents * sign < 0 ||
    Math.abs(item.taxCents) > Math.abs(item.amountCents)
  ) {
    throw bad(`商品行金额有误：${item.name}`);
  }
  if (!/^\d{19}$/.test(item.taxCode)) throw bad(`税收分类编码应为19位数字：${item.name}`);
  return {
    goodsName: item.name,
    goodsCode: item.taxCode,
    specType: item.spec,
    unit: item.unit,
    withTaxFlag: '1',
    price: unitPriceText(item.amountCents, item.quantity),
    num: quantityText(item.quantity),
    taxRate: rateText(item.taxRateBp),
    taxExcludedAmount: yuan(item.amountCents - item.taxCents),
    tax: yuan(item.taxCents),
    taxIncludedAmount: yuan(item.amountCents),
    invoiceLineProperty: '0',
  };
}

const joined = (...parts: (string | undefined)[]) =>
  parts
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');

/** requestBillingNew's `order` for the shop's request. */
export function billingOrder(
  request: IssueRequest,
  settings: { taxNo: string; clerk: string; appSecret: string },
  now: Date,
): BillingOrder {
  const red = request.kind === 'red';
  if (request.items.length === 0) throw bad('发票明细不能为空');
  if (red && !request.reverses) throw bad('红字发票须指明所冲蓝票');
  const { buyer, seller } = request;
  const order: BillingOrder = {
    buyerName: buyer.name,
    buyerTaxNum: buyer.taxNo ?? '',
    buyerTel: buyer.phone ?? '',
    buyerAddress: buyer.address ?? '',
    buyerAccount: joined(buyer.bank, buyer.account),
    salerTaxNum: seller.taxNo,
    salerTel: seller.phone ?? '',
    salerAddress: seller.address ?? '',
    salerAccount: joined(seller.bank, seller.account),
    orderNo: request.requestNo,
    invoiceDate: chinaTime(now),
    clerk: settings.clerk,
    invoiceType: red ? '2' : '1',
    invoiceLine: INVOICE_LINE[request.form],
    pushMode: buyer.email ? '0' : '-1',
    buyerPhone: buyer.mobile,
    email: buyer.email ?? '',
    remark: request.remark,
    callBackUrl: callbackUrlWithToken(request.callbackUrl, settings.appSecret, request.requestNo),
    invoiceDetail: request.items.map((item) => detail(item, red)),
  };
  if (red) {
    const reverses = request.reverses!;
    order.invoiceCode = reverses.invoiceCode ?? '';
    order.invoiceNum = reverses.invoiceNo;
    order.redReason = RED_REASONS[reverses.reason] ?? '1';
  }
  return order;
}

function resultList(result: unknown): InvoiceResultItem[] {
  return Array.isArray(result) ? (result as InvoiceResultItem[]) : [];
}

export class NuonuoProvider implements InvoiceProvider {
  readonly name = 'nuonuo';
  readonly client: NuonuoClient;

  constructor(client: NuonuoClient) {
    this.client = client;
  }

  private now(): Date {
    return this.client.config.now?.() ?? new Date();
  }

  async submit(request: IssueRequest): Promise<{ serialNo: string }> {
    const { taxNo, clerk, appSecret } = this.client.config;
    if (request.seller.taxNo !== taxNo) {
      throw bad(`销方税号 ${request.seller.taxNo} 不是开票账号的税号 ${taxNo}`);
    }
    const order = billingOrder(request, { taxNo, clerk, appSecret }, this.now());
    const answer = await this.client.call(Method.RequestBilling, { order });
    if (answer.code === Code.Success) {
      const serial = (answer.result as { invoiceSerialNum?: unknown } | null)?.invoiceSerialNum;
      if (typeof serial === 'string' && serial) return { serialNo: serial };
      throw failure('BAD_ANSWER', '诺诺受理开票但未返回流水号', true);
    }
    if (answer.code === Code.Duplicate || /订单编号.*重复|重复.*订单/.test(answer.describe)) {
      // Asked before (an answer lost, a retry): the first request is the one.
      const first = await this.byOrderNo(request.requestNo);
      if (first?.serialNo) return { serialNo: first.serialNo };
      throw failure(answer.code, `${answer.describe}（未查到原请求）`, true);
    }
    throw refusal(answer);
  }

  private async byOrderNo(orderNo: string): Promise<InvoiceResultItem | undefined> {
    const answer = await this.client.call(Method.QueryResult, {
      orderNos: [orderNo],
      isOfferInvoiceDetail: '0',
    });
    if (answer.code === Code.NotFound) return undefined;
    if (answer.code !== Code.Success) throw refusal(answer);
    return resultList(answer.result).find((item) => item.orderNo === orderNo);
  }

  private async bySerialNo(serialNo: string): Promise<InvoiceResultItem> {
    const answer = await this.client.call(Method.QueryResult, {
      serialNos: [serialNo],
      isOfferInvoiceDetail: '0',
    });
    if (answer.code !== Code.Success && answer.code !== Code.NotFound) throw refusal(answer);
    const item = resultList(answer.result).find((each) => each.serialNo === serialNo);
    if (!item) throw failure(Code.NotFound, `诺诺查无流水号 ${serialNo}`, true);
    return item;
  }

  async query(serialNo: string): Promise<ProviderResult> {
    return this.resultOf(await this.bySerialNo(serialNo));
  }

  private async resultOf(item: InvoiceResultItem): Promise<ProviderResult> {
    const status = String(item.status ?? '');
    switch (status) {
      case Status.Issued: {
        const numbers = invoiceNumbers(item);
        if (!numbers) throw failure('BAD_ANSWER', '诺诺开票完成但发票号码无法识别', true);
        if (!item.pdfUrl) throw failure('BAD_ANSWER', '诺诺开票完成但未给发票PDF地址', true);
        return {
          state: 'issued',
          ...numbers,
          issuedAt: parsePlatformTime(item.invoiceTime) ?? this.now(),
          pdfUrl: item.pdfUrl,
        };
      }
      case Status.Failed:
        return { state: 'failed', reason: item.failCause || item.statusMsg || '开票失败' };
      case Status.SealFailed:
        return this.reseal(item);
      case Status.Voided:
      case Status.Voiding:
        return { state: 'failed', reason: item.statusMsg || '发票已作废' };
      default:
        // 20 开票中, 21 开票成功签章中, and anything new: not yet.
        return { state: 'issuing' };
    }
  }

  /**
   * 24: the invoice was issued but not sealed. It exists at the tax bureau, so it is never asked
   * for anew: reInvoice seals it again (at most 20 times a day); until it is sealed, issuing.
   */
  private async reseal(item: InvoiceResultItem): Promise<ProviderResult> {
    const answer = await this.client.call(Method.ReInvoice, {
      fpqqlsh: item.serialNo,
      orderno: item.orderNo,
    });
    if (answer.code === Code.Success) return { state: 'issuing' };
    if (answer.code === Code.RetriesUsedUp) {
      return {
        state: 'failed',
        reason: `开票成功签章失败，今日重试已用完：${item.failCause || answer.describe}`,
      };
    }
    throw refusal(answer);
  }

  async readCallback(
    request: Request,
  ): Promise<{ serialNo: string; result: ProviderResult; reply: Response } | null> {
    if (request.method !== 'POST') return null;
    const text = await request.text();
    if (Buffer.byteLength(text) > MAX_CALLBACK_BYTES) return null;
    const form = readCallbackForm(new URLSearchParams(text));
    if (!form) return null;
    const token = new URL(request.url).searchParams.get('nt') ?? '';
    if (!verifyCallbackToken(this.client.config.appSecret, form.orderNo, token)) return null;
    // The post says something changed; what changed is what the platform answers a signed query.
    const item = form.serialNo
      ? await this.bySerialNo(form.serialNo)
      : await this.byOrderNo(form.orderNo);
    if (!item?.serialNo || item.orderNo !== form.orderNo) return null;
    return {
      serialNo: item.serialNo,
      result: await this.resultOf(item),
      reply: Response.json(CALLBACK_TAKEN),
    };
  }

  async fetchPdf(pdfUrl: string): Promise<Uint8Array> {
    const send = this.client.config.fetch ?? fetch;
    let response: Response;
    try {
      response = await send(pdfUrl, { signal: AbortSignal.timeout(PDF_TIMEOUT_MS) });
    } catch (error) {
      throw failure('UNREACHABLE', `发票PDF下载失败：${(error as Error).message}`, true, error);
    }
    if (!response.ok) throw failure(`HTTP ${response.status}`, '发票PDF下载失败', true);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > MAX_PDF_BYTES) throw failure('BAD_ANSWER', '发票PDF过大', false);
    if (new TextDecoder().decode(bytes.subarray(0, 5)) !== '%PDF-') {
      throw failure('BAD_ANSWER', '发票PDF地址返回的不是PDF文件', true);
    }
    return bytes;
  }
}
