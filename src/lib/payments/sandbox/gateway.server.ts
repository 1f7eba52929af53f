/**
 * The built-in sandbox WeChat Pay gateway, its API v3 under `/sandbox/wechatpay/` (e.g.
 * `/sandbox/wechatpay/v3/pay/transactions/h5`). It speaks the real protocol so the shop's real
 * adapter (wechatpay/client.server.ts) talks to it unchanged: merchant requests must carry a valid
 * `WECHATPAY2-SHA256-RSA2048` Authorization (merchant key, serial, mchid, five-minute window;
 * the signed URL is the path and query as sent, prefix included), and every answer, errors and
 * 204s too, is signed with the platform key (Wechatpay-* headers) and carries a Request-ID.
 *
 * The books live in transactions.server.ts and refunds.server.ts, notifications in
 * notifications.server.ts, the user's side (cashier page, in-app pay bridge) in
 * cashier.server.ts; this module routes, authenticates, checks input and answers.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { wechatAppId } from '#lib/platform/env.server.ts';
import {
  TIMESTAMP_WINDOW_SECONDS,
  parseAuthorization,
  requestMessage,
  rsaVerify,
  signedHeaders,
  unixSeconds,
} from '#lib/payments/wechatpay/protocol.ts';
import type { PrepayKind } from '#lib/payments/wechatpay/client.server.ts';
import { CASHIER_PATH, SANDBOX_PREFIX } from './cashier.ts';
import { codeUrl, newRequestId } from './ids.ts';
import { sandboxKeys, type SandboxKeys } from './keys.server.ts';
import { startSandboxNotifier as startNotifier } from './notifications.server.ts';
import { GatewayRefusal, refusals } from './refusal.ts';
import { createRefund, queryRefund } from './refunds.server.ts';
import {
  closeTransaction,
  findByTransactionId,
  findTransaction,
  openTransaction,
  transactionView,
  type SandboxTransaction,
} from './transactions.server.ts';
import {
  OUT_BILL_NO,
  OUT_TRADE_NO,
  checkClose,
  checkPrepay,
  checkQuery,
  checkRefund,
  checkTransferBill,
} from './validate.ts';
import {
  billView,
  cancelTransferBill,
  createTransferBill,
  expireTransferBills,
  findBill,
} from './transfers.server.ts';

export { deliverDueNotifications } from './notifications.server.ts';
export { expireTransferBills, sandboxConfirmReceipt } from './transfers.server.ts';

/** The sandbox's notifier: ends unconfirmed transfer bills' windows, then delivers what is due. */
export function startSandboxNotifier(db: DbOrTx, options: { intervalMs?: number } = {}) {
  return startNotifier(db, { ...options, beforeRound: (d) => expireTransferBills(d) });
}
export { sandboxCancel, sandboxConfirm } from './transactions.server.ts';
export { sandboxBridgePay } from './cashier.server.ts';

/** A request body the gateway reads at most. */
const MAX_BODY_BYTES = 64 * 1024;

export interface SandboxRequestOptions {
  now?: Date;
  /** The origin of h5_url (default: the request's). */
  origin?: string;
  /** The app ids transactions may name (default: WECHAT_APP_ID, else the sandbox's). */
  appIds?: readonly string[];
}

interface Call {
  db: DbOrTx;
  keys: SandboxKeys;
  mchId: string;
  url: URL;
  headers: Headers;
  body: string;
  params: readonly string[];
  now: Date;
  origin: string;
  appIds: readonly string[];
}

/** What a handler answers: a JSON body with its status, or 204 with none. */
type Outcome = { status: 200; body: unknown } | { status: 204 };

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle: (call: Call) => Promise<Outcome>;
}

const ROUTES: readonly Route[] = [
  { method: 'POST', pattern: /^\/v3\/pay\/transactions\/(jsapi|h5|native)$/, handle: prepay },
  { method: 'GET', pattern: /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/, handle: query },
  { method: 'GET', pattern: /^\/v3\/pay\/transactions\/id\/([^/]+)$/, handle: queryById },
  {
    method: 'POST',
    pattern: /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/,
    handle: close,
  },
  { method: 'POST', pattern: /^\/v3\/refund\/domestic\/refunds$/, handle: refund },
  { method: 'GET', pattern: /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/, handle: refundQuery },
  { method: 'POST', pattern: /^\/v3\/fund-app\/mch-transfer\/transfer-bills$/, handle: transfer },
  {
    method: 'GET',
    pattern: /^\/v3\/fund-app\/mch-transfer\/transfer-bills\/out-bill-no\/([^/]+)$/,
    handle: transferQuery,
  },
  {
    method: 'POST',
    pattern: /^\/v3\/fund-app\/mch-transfer\/transfer-bills\/out-bill-no\/([^/]+)\/cancel$/,
    handle: transferCancel,
  },
];

/** Answers one request to the sandbox's v3 API (anything else under the prefix is 404). */
export async function handleSandboxRequest(
  db: DbOrTx,
  request: Request,
  options: SandboxRequestOptions = {},
): Promise<Response> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(`${SANDBOX_PREFIX}/v3/`)) {
    return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain' } });
  }
  const now = options.now ?? new Date();
  const keys = await sandboxKeys(db);
  const requestId = newRequestId();
  try {
    const outcome = await dispatch(db, keys, request, url, now, options);
    return answer(
      keys,
      requestId,
      now,
      outcome.status,
      outcome.status === 204 ? null : outcome.body,
    );
  } catch (error) {
    let refusal: GatewayRefusal;
    if (error instanceof GatewayRefusal) refusal = error;
    else {
      // Ours, not the merchant's: logged, and answered as the real gateway's 500.
      console.error('[sandbox-wechatpay]', request.method, url.pathname, error);
      refusal = refusals.systemError();
    }
    return answer(keys, requestId, now, refusal.status, {
      code: refusal.code,
      message: refusal.message,
    });
  }
}

/**
 * A fetch that answers the sandbox's v3 API in-process (scripts and tests: the adapter and the
 * protocol are the real ones, only the network is left out).
 */
export function sandboxFetch(
  db: DbOrTx,
  options: Omit<SandboxRequestOptions, 'now'> & { now?: () => Date } = {},
): typeof fetch {
  const { now, ...fixed } = options;
  return ((input: RequestInfo | URL, init?: RequestInit) =>
    handleSandboxRequest(db, new Request(input, init), {
      ...fixed,
      ...(now ? { now: now() } : {}),
    })) as typeof fetch;
}

async function dispatch(
  db: DbOrTx,
  keys: SandboxKeys,
  request: Request,
  url: URL,
  now: Date,
  options: SandboxRequestOptions,
): Promise<Outcome> {
  const path = url.pathname.slice(SANDBOX_PREFIX.length);
  let route: Route | undefined;
  let match: RegExpExecArray | null = null;
  for (const candidate of ROUTES) {
    match = candidate.method === request.method ? candidate.pattern.exec(path) : null;
    if (match) {
      route = candidate;
      break;
    }
  }
  if (!route || !match) throw refusals.notFound();
  const body = request.method === 'GET' ? '' : await readBody(request);
  const mchId = authenticate(request, url, body, keys, now);
  let params: string[];
  try {
    params = match.slice(1).map((part) => decodeURIComponent(part));
  } catch {
    throw refusals.paramError('请求路径无效');
  }
  return route.handle({
    db,
    keys,
    mchId,
    url,
    headers: request.headers,
    body,
    params,
    now,
    origin: (options.origin ?? url.origin).replace(/\/+$/, ''),
    appIds: options.appIds ?? [wechatAppId()],
  });
}

async function readBody(request: Request): Promise<string> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) throw refusals.paramError('请求体过大');
  return new TextDecoder().decode(bytes);
}

/**
 * The merchant's Authorization: its mchid and certificate serial are the sandbox merchant's, the
 * timestamp within five minutes of now, and the signature over method, path and query as sent,
 * timestamp, nonce and body verifies with the merchant's public key. Answers the mchid.
 */
function authenticate(
  request: Request,
  url: URL,
  body: string,
  keys: SandboxKeys,
  now: Date,
): string {
  const auth = parseAuthorization(request.headers.get('authorization'));
  if (!auth || auth.mchid !== keys.mchId || auth.serial_no !== keys.merchantSerial) {
    throw refusals.signError();
  }
  const seconds = /^\d{1,12}$/.test(auth.timestamp) ? Number(auth.timestamp) : NaN;
  if (!(Math.abs(unixSeconds(now) - seconds) <= TIMESTAMP_WINDOW_SECONDS)) {
    throw refusals.signError();
  }
  const message = requestMessage({
    method: request.method,
    url: `${url.pathname}${url.search}`,
    timestamp: auth.timestamp,
    nonce: auth.nonce_str,
    body,
  });
  if (!rsaVerify(message, auth.signature, keys.merchantPublicKey)) throw refusals.signError();
  return auth.mchid;
}

/** A signed answer: the body as sent is what the Wechatpay-Signature covers. */
function answer(
  keys: SandboxKeys,
  requestId: string,
  now: Date,
  status: number,
  body: unknown,
): Response {
  const text = body === null ? '' : JSON.stringify(body);
  const headers: Record<string, string> = {
    ...signedHeaders({
      body: text,
      serial: keys.platformKeyId,
      privateKey: keys.platformPrivateKey,
      timestamp: unixSeconds(now),
    }),
    'Request-ID': requestId,
    'Cache-Control': 'no-store',
  };
  if (body !== null) headers['Content-Type'] = 'application/json; charset=utf-8';
  return new Response(body === null ? null : text, { status, headers });
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw refusals.paramError('请求体不是有效的 JSON');
  }
}

function checked<T>(result: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!result.ok) throw refusals.paramError(result.message);
  return result.value;
}

/** The mchid a body or query names must be the caller's own. */
function sameMerchant(call: Call, mchid: string): void {
  if (mchid !== call.mchId) throw refusals.paramError('参数 mchid 无效：与请求的商户号不一致');
}

function tradeNoParam(value: string): string {
  if (!OUT_TRADE_NO.test(value)) {
    throw refusals.paramError('参数 out_trade_no 无效：应为6-32位字母、数字或 _-|*');
  }
  return value;
}

async function prepay(call: Call): Promise<Outcome> {
  const kind = call.params[0] as PrepayKind;
  const body = checked(checkPrepay(kind, parseJson(call.body)));
  sameMerchant(call, body.mchid);
  if (!call.appIds.includes(body.appid)) throw refusals.appIdMismatch();
  const row = await openTransaction(call.db, { kind, body, now: call.now });
  if (kind === 'jsapi') return { status: 200, body: { prepay_id: row.prepayId } };
  if (kind === 'native') return { status: 200, body: { code_url: codeUrl(row.prepayId) } };
  const h5Url = `${call.origin}${CASHIER_PATH}?prepay_id=${encodeURIComponent(row.prepayId)}`;
  return { status: 200, body: { h5_url: h5Url } };
}

function queried(call: Call, row: SandboxTransaction | null): Outcome {
  if (!row) throw refusals.orderNotExist();
  return { status: 200, body: transactionView(row, call.now) };
}

async function query(call: Call): Promise<Outcome> {
  checked(checkQuery(call.url.searchParams, ['mchid']));
  sameMerchant(call, call.url.searchParams.get('mchid')!);
  const outTradeNo = tradeNoParam(call.params[0]!);
  return queried(call, await findTransaction(call.db, call.mchId, outTradeNo));
}

async function queryById(call: Call): Promise<Outcome> {
  checked(checkQuery(call.url.searchParams, ['mchid']));
  sameMerchant(call, call.url.searchParams.get('mchid')!);
  const transactionId = call.params[0]!;
  if (!/^\d{1,32}$/.test(transactionId)) {
    throw refusals.paramError('参数 transaction_id 无效：应为数字');
  }
  return queried(call, await findByTransactionId(call.db, call.mchId, transactionId));
}

async function close(call: Call): Promise<Outcome> {
  const outTradeNo = tradeNoParam(call.params[0]!);
  const body = checked(checkClose(parseJson(call.body)));
  sameMerchant(call, body.mchid);
  await closeTransaction(call.db, { mchId: call.mchId, outTradeNo, now: call.now });
  return { status: 204 };
}

async function refund(call: Call): Promise<Outcome> {
  const body = checked(checkRefund(parseJson(call.body)));
  const made = await createRefund(call.db, {
    mchId: call.mchId,
    body,
    keys: call.keys,
    now: call.now,
  });
  return { status: 200, body: made.refund };
}

async function refundQuery(call: Call): Promise<Outcome> {
  checked(checkQuery(call.url.searchParams, []));
  const outRefundNo = call.params[0]!;
  if (!/^[A-Za-z0-9_\-|*@]{1,64}$/.test(outRefundNo)) {
    throw refusals.paramError('参数 out_refund_no 无效：应为1-64位字母、数字或 _-|*@');
  }
  const found = await queryRefund(call.db, call.mchId, outRefundNo);
  if (!found) throw refusals.refundNotExist();
  return { status: 200, body: found };
}

function billNoParam(value: string): string {
  if (!OUT_BILL_NO.test(value))
    throw refusals.paramError('参数 out_bill_no 无效：应为1-32位字母或数字');
  return value;
}

/** 发起转账 (商家转账): WAIT_USER_CONFIRM with the package_info the payee confirms with. */
async function transfer(call: Call): Promise<Outcome> {
  const body = checked(checkTransferBill(parseJson(call.body)));
  if (!call.appIds.includes(body.appid)) throw refusals.appIdMismatch();
  const made = await createTransferBill(call.db, {
    mchId: call.mchId,
    body,
    wechatpaySerial: call.headers.get('wechatpay-serial'),
    keys: call.keys,
    now: call.now,
  });
  return { status: 200, body: made };
}

async function transferQuery(call: Call): Promise<Outcome> {
  checked(checkQuery(call.url.searchParams, []));
  const row = await findBill(call.db, call.mchId, billNoParam(call.params[0]!));
  if (!row) throw refusals.billNotExist();
  return { status: 200, body: billView(row, call.now) };
}

async function transferCancel(call: Call): Promise<Outcome> {
  const outBillNo = billNoParam(call.params[0]!);
  const answered = await cancelTransferBill(call.db, {
    mchId: call.mchId,
    outBillNo,
    now: call.now,
  });
  return { status: 200, body: answered };
}
