/**
 * The 诺诺 sandbox: the platform's calls under /sandbox/nuonuo/, answered as the real one answers
 * them, so the real adapter runs unchanged against it in a demo.
 *
 * - POST accessToken (form: client_id, client_secret, grant_type=client_credentials): a token
 *   good for 24 hours ({"access_token","expires_in":"86400"}), or {"error","error_description"}.
 * - POST open/v1/services?senid&nonce&timestamp&appkey: the gateway checks the app key
 *   (070101), the signature over the exact body and a timestamp within 10 minutes (070601), the
 *   token (070301) and userTax (070401), then the method: requestBillingNew, queryInvoiceResult,
 *   reInvoice (platform.server.ts); another method answers 070501.
 * - GET fp/{serialNo}.pdf?k=…: an issued invoice's PDF.
 *
 * Tokens are not stored: a token is its issue time and an HMAC of it under the app secret, so
 * every process of the database accepts it until it is 24 hours old.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { sandboxNuonuoRequests } from '#lib/platform/db/schema.ts';
import {
  Code,
  Method,
  SERVICES_PATH,
  TOKEN_PATH,
  centsOf,
  parseLossless,
  rateBp,
  unitPriceText,
  verifyNuonuoSign,
} from '../protocol.ts';
import { sandboxAccount, type SandboxAccount } from './keys.server.ts';
import { PDF_PATH, verifyPdfKey } from './pdf-link.server.ts';
import { invoicePdf, type PrintedInvoice } from './pdf.server.ts';
import {
  issueDue,
  queryResult,
  reInvoice,
  requestBilling,
  type Answer,
  type Row,
} from './platform.server.ts';

export const SANDBOX_PREFIX = '/sandbox/nuonuo/';
/** A token lives this long (seconds), as the real platform's. */
export const TOKEN_SECONDS = 86_400;
/** A call whose timestamp is further off than this is refused (验签失败). */
const CLOCK_SKEW_MS = 10 * 60_000;
const MAX_BODY_BYTES = 2 * 1024 * 1024;

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function tokenMac(account: SandboxAccount, issued: number): string {
  return createHmac('sha256', account.appSecret)
    .update(`nuonuo-token:${account.appKey}:${issued}`)
    .digest('hex')
    .slice(0, 24);
}

/** A token issued at `now`. */
export function sandboxToken(account: SandboxAccount, now: Date): string {
  const issued = Math.floor(now.getTime() / 1000);
  return `${issued.toString(16)}${tokenMac(account, issued)}`;
}

function tokenValid(account: SandboxAccount, token: string, now: Date): boolean {
  const m = /^([0-9a-f]{8,12})([0-9a-f]{24})$/.exec(token);
  if (!m) return false;
  const issued = parseInt(m[1]!, 16);
  if (!sameText(m[2]!, tokenMac(account, issued))) return false;
  const age = now.getTime() / 1000 - issued;
  return age >= -300 && age < TOKEN_SECONDS;
}

function tokenAnswer(account: SandboxAccount, form: URLSearchParams, now: Date): Response {
  const error = (code: string, description: string) =>
    Response.json({ error: code, error_description: description });
  if (form.get('grant_type') !== 'client_credentials') {
    return error('070307', `Incorrect appType[${form.get('grant_type') ?? ''}]`);
  }
  const clientId = form.get('client_id') ?? '';
  if (!sameText(clientId, account.appKey))
    return error('070304', `Incorrect clientId[${clientId}]`);
  if (!sameText(form.get('client_secret') ?? '', account.appSecret)) {
    return error('070305', 'Incorrect clientSecret');
  }
  return Response.json({
    access_token: sandboxToken(account, now),
    expires_in: String(TOKEN_SECONDS),
  });
}

const gateway = (code: string, describe: string): Answer => ({ code, describe, result: null });

async function servicesAnswer(
  db: DbOrTx,
  account: SandboxAccount,
  request: Request,
  body: string,
  now: Date,
  baseUrl: string,
): Promise<Answer> {
  const query = new URL(request.url).searchParams;
  const senid = query.get('senid') ?? '';
  const nonce = query.get('nonce') ?? '';
  const timestamp = query.get('timestamp') ?? '';
  const appKey = query.get('appkey') ?? '';
  const sign = request.headers.get('x-nuonuo-sign') ?? '';
  const method = request.headers.get('method') ?? '';
  if (!senid || !/^\d{1,10}$/.test(nonce) || !/^\d{9,11}$/.test(timestamp) || !sign || !method) {
    return gateway('0201', '必填项输入参数空');
  }
  if (!sameText(appKey, account.appKey)) return gateway('070101', '获取app密钥失败或appkey无效');
  if (!verifyNuonuoSign(account.appSecret, { appKey, senid, nonce, timestamp, body }, sign)) {
    return gateway(Code.SignatureRefused, '签名不匹配');
  }
  if (Math.abs(Number(timestamp) * 1000 - now.getTime()) > CLOCK_SKEW_MS) {
    return gateway(Code.SignatureRefused, '验签失败，请检查服务器时间是否与北京时间保持一致');
  }
  if (!tokenValid(account, request.headers.get('accesstoken') ?? '', now)) {
    return gateway(Code.TokenRefused, 'accessToken不匹配/或appKey不匹配');
  }
  const userTax = request.headers.get('usertax') ?? '';
  if (userTax && userTax !== account.taxNo) return gateway('070401', '调用用户身份不匹配');
  let content: unknown;
  try {
    content = parseLossless(body);
  } catch {
    return gateway('0201', '输入参数格式有误');
  }
  if (!content || typeof content !== 'object' || Array.isArray(content)) {
    return gateway('0201', '输入参数格式有误');
  }
  const record = content as Record<string, unknown>;
  switch (method) {
    case Method.RequestBilling:
      return requestBilling(db, account, record, now, baseUrl);
    case Method.QueryResult:
      return queryResult(db, account, record);
    case Method.ReInvoice:
      return reInvoice(db, record, now);
    default:
      return gateway('070501', '请求的API不存在');
  }
}

const str = (value: unknown) =>
  typeof value === 'string' ? value : value == null ? '' : String(value);

/** The printed invoice of an issued request. */
export function printedInvoice(row: Row, account: SandboxAccount): PrintedInvoice {
  const order = row.request as Record<string, unknown>;
  const lines = (order.invoiceDetail ?? []) as Record<string, unknown>[];
  return {
    special: row.invoiceLine === 'bs' || row.invoiceLine === 'es',
    red: row.invoiceType === '2',
    invoiceNo: row.invoiceNo ?? '',
    issuedAt: row.issuedAt ?? row.issueAt,
    buyer: { name: str(order.buyerName), taxNo: str(order.buyerTaxNum) },
    seller: { name: account.sellerName, taxNo: account.taxNo },
    lines: lines.map((line) => {
      const bp = rateBp(line.taxRate) ?? 0;
      const excluded = centsOf(line.taxExcludedAmount) ?? 0;
      const quantity = Number(str(line.num));
      return {
        name: str(line.goodsName),
        spec: str(line.specType),
        unit: str(line.unit),
        quantity: str(line.num),
        // Printed as 数电 invoices print it: the unit price without tax.
        price: quantity ? unitPriceText(excluded, quantity) : '',
        amountCents: excluded,
        rate: `${bp / 100}%`,
        taxCents: centsOf(line.tax) ?? 0,
      };
    }),
    remark: [row.reversesNo ? `被红冲蓝字数电发票号码：${row.reversesNo}` : '', str(order.remark)]
      .filter(Boolean)
      .join('\n'),
    clerk: str(order.clerk),
    reverses: row.reversesNo,
  };
}

async function pdfAnswer(db: DbOrTx, account: SandboxAccount, serialNo: string, key: string) {
  if (!verifyPdfKey(account, serialNo, key)) return new Response('Not Found', { status: 404 });
  const [row] = await db
    .select()
    .from(sandboxNuonuoRequests)
    .where(eq(sandboxNuonuoRequests.serialNo, serialNo));
  if (!row || row.status !== '2') return new Response('Not Found', { status: 404 });
  return new Response(invoicePdf(printedInvoice(row, account)), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${row.invoiceNo}.pdf"`,
      'Cache-Control': 'private, max-age=3600',
    },
  });
}

/** Answers one request to the sandbox platform. `now` is its clock (tests move it). */
export async function handleNuonuoSandbox(
  db: DbOrTx,
  request: Request,
  options: { now?: Date } = {},
): Promise<Response> {
  const now = options.now ?? new Date();
  const url = new URL(request.url);
  const at = url.pathname.indexOf(SANDBOX_PREFIX);
  const path = at < 0 ? '' : url.pathname.slice(at + SANDBOX_PREFIX.length);
  const baseUrl = `${url.origin}${url.pathname.slice(0, at + SANDBOX_PREFIX.length)}`;
  const account = await sandboxAccount(db);
  // What is due is issued before anything is read.
  await issueDue(db, now);
  if (request.method === 'GET') {
    const pdf = PDF_PATH.exec(path);
    if (pdf) return pdfAnswer(db, account, pdf[1]!, url.searchParams.get('k') ?? '');
    return new Response('Not Found', { status: 404 });
  }
  if (request.method !== 'POST' || (path !== TOKEN_PATH && path !== SERVICES_PATH)) {
    return new Response('Not Found', { status: 404 });
  }
  const body = await request.text();
  if (Buffer.byteLength(body) > MAX_BODY_BYTES) {
    return Response.json(gateway('0201', '请求报文过大'));
  }
  if (path === TOKEN_PATH) return tokenAnswer(account, new URLSearchParams(body), now);
  return Response.json(await servicesAnswer(db, account, request, body, now, baseUrl));
}

/**
 * A fetch that answers the sandbox's calls in-process (tests and scripts: the adapter and the
 * protocol are the real ones, only the network is left out); other URLs go to `other`.
 */
export function sandboxNuonuoFetch(
  db: DbOrTx,
  now?: () => Date,
  other?: typeof fetch,
): typeof fetch {
  return ((input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!new URL(request.url).pathname.includes(SANDBOX_PREFIX) && other) return other(request);
    return handleNuonuoSandbox(db, request, now ? { now: now() } : {});
  }) as typeof fetch;
}
