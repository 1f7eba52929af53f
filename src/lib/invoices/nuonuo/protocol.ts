/**
 * 诺诺's open platform (诺税通 SaaS API, open.nuonuo.com), the part the shop speaks, shared by the
 * adapter and the sandbox: the request signature, the token call, the bodies and answers of
 * requestBillingNew / queryInvoiceResult / reInvoice, the result callback, and the money, rate and
 * time formats. Decision 048 says where each rule comes from.
 *
 * - Token: POST accessToken, a form of client_id (appKey), client_secret (appSecret),
 *   grant_type=client_credentials → {"access_token","expires_in"} (24 h; at most 50 calls in 30
 *   days), or {"error","error_description"}.
 * - A call: POST open/v1/services?senid&nonce&timestamp&appkey with the JSON body and the headers
 *   X-Nuonuo-Sign, accessToken, userTax, method. X-Nuonuo-Sign = base64(HMAC-SHA1(appSecret,
 *   "a=services&l=v1&p=open&k={appKey}&i={senid}&n={nonce}&t={timestamp}&f={body}")), the body
 *   exactly as sent. Answers {"code","describe","result"}: E0000 is success, 07xxxx the gateway's
 *   refusals (signature, token, app), E9xxx the service's.
 * - Callback: a form of operater=callback, orderno, content (JSON: c_fpqqlsh, c_status 1 完成 /
 *   2 失败 / 3 签章失败, …) posted to the request's callBackUrl; answered {"status":"0000"}.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { chinaDateTime } from '#lib/platform/time.ts';

/** The real platform: the token host and the API host differ. */
export const NUONUO_TOKEN_URL = 'https://open.nuonuo.com/accessToken';
export const NUONUO_SERVICES_URL = 'https://sdk.nuonuo.com/open/v1/services';
/** Under a base URL of our own (the sandbox): where the two calls live. */
export const TOKEN_PATH = 'accessToken';
export const SERVICES_PATH = 'open/v1/services';

export const Method = {
  RequestBilling: 'nuonuo.OpeMplatform.requestBillingNew',
  QueryResult: 'nuonuo.OpeMplatform.queryInvoiceResult',
  ReInvoice: 'nuonuo.OpeMplatform.reInvoice',
} as const;

/** The answer codes the shop acts on. */
export const Code = {
  Success: 'E0000',
  /** 订单编号或流水号不能重复: the orderNo was taken before. */
  Duplicate: 'E9106',
  /** No invoice with the serial number or order number asked for. */
  NotFound: 'E9500',
  /** 同一流水号(订单号)单日最多重试20次. */
  RetriesUsedUp: 'E9613',
  /** accessToken不匹配/或appKey不匹配: an expired or replaced token among them. */
  TokenRefused: '070301',
  /** 签名不匹配 / 验签失败 (a wrong secret, a changed body, a clock far off). */
  SignatureRefused: '070601',
} as const;

/**
 * The gateway's codes (07xxxx, 0200–0203, 040102) are about the account, its keys or the
 * platform, never the invoice asked for; of these only the platform's own faults, the day's quota
 * and a refused token may pass when tried again. E9999 is the service's 系统繁忙.
 */
const RETRYABLE = new Set(['0202', '0203', '040102', '070201', Code.TokenRefused, 'E9999']);

/** Whether a refusal `code` may pass when the same call is made again later. */
export function retryableCode(code: string): boolean {
  if (RETRYABLE.has(code)) return true;
  // 07xxxx and 02xx: keys, app, permissions, signature: nothing changes by waiting.
  if (/^0[27]/.test(code)) return false;
  // E9xxx: the service refused the invoice (a bad tax number, amounts); E0xxx/5xx its faults.
  if (/^E9/.test(code)) return false;
  return true;
}

// ── Signing ──

/** The text X-Nuonuo-Sign is the HMAC of. The path is the API's, open/v1/services. */
export function signText(p: {
  appKey: string;
  senid: string;
  nonce: string;
  timestamp: string;
  body: string;
}): string {
  return `a=services&l=v1&p=open&k=${p.appKey}&i=${p.senid}&n=${p.nonce}&t=${p.timestamp}&f=${p.body}`;
}

/** X-Nuonuo-Sign: base64 of HMAC-SHA1 over signText, keyed by the app secret (UTF-8 both). */
export function nuonuoSign(
  appSecret: string,
  p: { appKey: string; senid: string; nonce: string; timestamp: string; body: string },
): string {
  return createHmac('sha1', appSecret).update(signText(p), 'utf8').digest('base64');
}

/** Whether `sign` is the request's signature (compared in constant time). */
export function verifyNuonuoSign(
  appSecret: string,
  p: { appKey: string; senid: string; nonce: string; timestamp: string; body: string },
  sign: string,
): boolean {
  const expected = Buffer.from(nuonuoSign(appSecret, p));
  const given = Buffer.from(sign.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// ── Lossless JSON ──

/** Fields that are numbers of the invoice, never quantities: kept as text, leading zeros and all. */
const NUMBER_FIELDS = new Set([
  'allElectronicInvoiceNumber',
  'invoiceNo',
  'invoiceCode',
  'invoiceNum',
  'invoiceSerialNum',
  'serialNo',
  'orderNo',
  'oldInvoiceNo',
  'oldInvoiceCode',
  'oldEleInvoiceNumber',
  'c_fpqqlsh',
  'c_fphm',
  'c_fpdm',
  'c_orderno',
  'c_yfphm',
  'c_yfpdm',
]);

/**
 * JSON.parse that never rounds a number of the invoice: a 20-digit 数电 number sent as a JSON
 * number (beyond 2^53) would lose its last digits as a double, so any integer of 16 digits or more,
 * and any value of the fields above, is kept as the text it was sent as.
 */
export function parseLossless(text: string): unknown {
  return JSON.parse(text, function (key, value: unknown, context?: { source?: string }) {
    if (typeof value !== 'number' || context?.source === undefined) return value;
    if (NUMBER_FIELDS.has(key) || /^-?\d{16,}$/.test(context.source)) return context.source;
    return value;
  });
}

// ── Money, rates, times ──

/** 12345 → "123.45", -5 → "-0.05": the platform's two-decimal amounts. */
export function yuan(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not whole cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "123.45" → 12345, "-0.3" → -30, "7" → 700; null for text that is no amount of whole cents. */
export function centsOf(text: unknown): number | null {
  if (typeof text === 'number') text = String(text);
  if (typeof text !== 'string') return null;
  const m = /^(-?)(\d+)(?:\.(\d{1,2})0*)?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** 1300 (basis points) → "0.13", 150 → "0.015", 0 → "0": the rate as a decimal. */
export function rateText(bp: number): string {
  if (!Number.isInteger(bp) || bp < 0 || bp > 10_000) throw new RangeError(`bad rate ${bp}`);
  if (bp === 0) return '0';
  if (bp === 10_000) return '1';
  return `0.${String(bp).padStart(4, '0')}`.replace(/0+$/, '');
}

/** "0.13" → 1300; null for text that is no rate. */
export function rateBp(text: unknown): number | null {
  if (typeof text === 'number') text = String(text);
  if (typeof text !== 'string') return null;
  const m = /^(0|1)(?:\.(\d{1,4})0*)?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
  return bp <= 10_000 ? bp : null;
}

/**
 * A quantity as the platform takes it (up to 8 decimals, negative on a red letter): the shop's are
 * whole, but a fraction is written without exponent all the same.
 */
export function quantityText(quantity: number): string {
  if (!Number.isFinite(quantity) || quantity === 0)
    throw new RangeError(`bad quantity ${quantity}`);
  return Number.isInteger(quantity) ? String(quantity) : quantity.toFixed(8).replace(/0+$/, '');
}

/**
 * The unit price, tax included, for `amountCents` over `quantity` pieces: exact to the 8
 * decimals the platform keeps (rounded half up past them), trailing zeros dropped. Always
 * positive: a red letter's quantity and amount are both negative.
 */
export function unitPriceText(amountCents: number, quantity: number): string {
  if (!Number.isInteger(quantity)) {
    return (Math.abs(amountCents) / 100 / Math.abs(quantity)).toFixed(8).replace(/\.?0+$/, '');
  }
  // Units of 1e-8 yuan: cents × 10^6.
  const numerator = BigInt(Math.abs(amountCents)) * 1_000_000n;
  const q = BigInt(Math.abs(quantity));
  const units = (numerator * 2n + q) / (2n * q);
  const whole = units / 100_000_000n;
  const fraction = String(units % 100_000_000n)
    .padStart(8, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** 2026-11-20 10:00:00: the platform's times, in China time. */
export const chinaTime = chinaDateTime;

/**
 * The instant of a platform time: milliseconds since 1970 (as number or text, the way
 * invoiceTime and c_kprq come), or "yyyy-MM-dd HH:mm:ss" in China time. Null for anything else.
 */
export function parsePlatformTime(value: unknown): Date | null {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d{12,14}$/.test(text)) return new Date(Number(text));
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const at = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +(s ?? 0)) - CHINA_OFFSET_MS;
  return Number.isNaN(at) ? null : new Date(at);
}

// ── Bodies ──

/** 发票种类 (invoiceLine) of each form: 数电普票/专票, electronic or on paper. */
export const INVOICE_LINE = {
  'e-normal': 'pc',
  'e-special': 'bs',
  'paper-normal': 'ec',
  'paper-special': 'es',
} as const;

export type InvoiceLine = (typeof INVOICE_LINE)[keyof typeof INVOICE_LINE];

/** 冲红原因 codes: 1 销货退回, 2 开票有误, 3 服务中止, 4 销售折让. */
export const RED_REASONS: Record<string, string> = {
  销货退回: '1',
  开票有误: '2',
  服务中止: '3',
  销售折让: '4',
  发生销售折让: '4',
};

export interface BillingDetail {
  goodsName: string;
  goodsCode: string;
  specType: string;
  unit: string;
  /** 1: price is tax included. */
  withTaxFlag: '1';
  price: string;
  num: string;
  taxRate: string;
  taxExcludedAmount: string;
  tax: string;
  taxIncludedAmount: string;
  /** 0 正常行. */
  invoiceLineProperty: '0';
}

/** requestBillingNew's `order`, as far as the shop fills it. */
export interface BillingOrder {
  buyerName: string;
  buyerTaxNum: string;
  buyerTel: string;
  buyerAddress: string;
  buyerAccount: string;
  salerTaxNum: string;
  salerTel: string;
  salerAddress: string;
  salerAccount: string;
  orderNo: string;
  invoiceDate: string;
  clerk: string;
  /** 1 蓝票, 2 红票. */
  invoiceType: '1' | '2';
  invoiceLine: InvoiceLine;
  /** -1 不推送, 0 邮箱, 1 手机, 2 邮箱、手机. */
  pushMode: '-1' | '0' | '1' | '2';
  buyerPhone: string;
  email: string;
  remark: string;
  callBackUrl: string;
  /** A red letter: the blue invoice's code (empty for 数电) and number, and 冲红原因. */
  invoiceCode?: string;
  invoiceNum?: string;
  redReason?: string;
  invoiceDetail: BillingDetail[];
}

/** One invoice as queryInvoiceResult answers it (the fields read). */
export interface InvoiceResultItem {
  serialNo?: string;
  orderNo?: string;
  status?: string;
  statusMsg?: string;
  failCause?: string;
  pdfUrl?: string;
  invoiceTime?: number | string;
  invoiceCode?: string;
  invoiceNo?: string;
  allElectronicInvoiceNumber?: string;
  invoiceType?: string | number;
  oldInvoiceCode?: string;
  oldInvoiceNo?: string;
  oldEleInvoiceNumber?: string;
  orderAmount?: string;
  exTaxAmount?: string;
  taxAmount?: string;
}

/** Invoice status codes of queryInvoiceResult. */
export const Status = {
  Issued: '2',
  Voided: '3',
  Voiding: '31',
  Issuing: '20',
  Sealing: '21',
  Failed: '22',
  SealFailed: '24',
} as const;

/** The invoice numbers of an issued result: 20 digits alone for 数电, else code + number. */
export function invoiceNumbers(
  item: InvoiceResultItem,
): { invoiceNo: string; invoiceCode: string | null } | null {
  const electronic = (item.allElectronicInvoiceNumber ?? '').trim();
  if (/^\d{20}$/.test(electronic)) return { invoiceNo: electronic, invoiceCode: null };
  const no = (item.invoiceNo ?? '').trim();
  const code = (item.invoiceCode ?? '').trim();
  if (/^\d{20}$/.test(no) && !code) return { invoiceNo: no, invoiceCode: null };
  if (/^\d{8}$/.test(no) && /^\d{10,12}$/.test(code)) return { invoiceNo: no, invoiceCode: code };
  return null;
}

// ── Callback ──

/** What a receiver answers a callback it took; anything else is posted again later. */
export const CALLBACK_TAKEN = { status: '0000', message: '同步成功' } as const;
/** What it answers one it did not take. */
export const CALLBACK_REFUSED = { status: '9999', message: '回调未处理' } as const;

/** The callback's form, read: the order number and the content's serial number and status. */
export interface CallbackForm {
  orderNo: string;
  serialNo: string | null;
  /** c_status: 1 开票完成, 2 开票失败, 3 开票成功签章失败; absent on accounts that send only 1. */
  status: string | null;
  content: Record<string, unknown>;
}

/** The callback's form (operater=callback), or null when it is not one. */
export function readCallbackForm(form: URLSearchParams): CallbackForm | null {
  if (form.get('operater') !== 'callback') return null;
  const orderNo = (form.get('orderno') ?? '').trim();
  const text = form.get('content');
  if (!orderNo || !text) return null;
  let content: unknown;
  try {
    content = parseLossless(text);
  } catch {
    return null;
  }
  if (!content || typeof content !== 'object' || Array.isArray(content)) return null;
  const record = content as Record<string, unknown>;
  const serial = record.c_fpqqlsh;
  const status = record.c_status;
  return {
    orderNo,
    serialNo: typeof serial === 'string' && serial.trim() ? serial.trim() : null,
    status: typeof status === 'string' || typeof status === 'number' ? String(status) : null,
    content: record,
  };
}

/**
 * The token the shop adds to each request's callback URL (`nt`): an HMAC of the order number under
 * the app secret. 诺诺 signs no callback, so a post whose URL lacks the token of its orderno was
 * not made from a request of ours; even one that has it is only a hint to ask the platform.
 */
export function callbackToken(appSecret: string, orderNo: string): string {
  return createHmac('sha256', appSecret)
    .update(`nuonuo-callback:${orderNo}`, 'utf8')
    .digest('base64url')
    .slice(0, 32);
}

export function verifyCallbackToken(appSecret: string, orderNo: string, token: string): boolean {
  const expected = Buffer.from(callbackToken(appSecret, orderNo));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The callback URL with the request's token added (the query it has is kept). */
export function callbackUrlWithToken(url: string, appSecret: string, orderNo: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('nt', callbackToken(appSecret, orderNo));
  return parsed.toString();
}
