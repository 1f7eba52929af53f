/**
 * The user's side of the sandbox gateway: its cashier page (every transaction) and the
 * messaging app's pay bridge (JSAPI: what `getBrandWCPayRequest` does with the page's pay
 * request). Both end in sandboxConfirm or sandboxCancel.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { env } from '#lib/platform/env.server.ts';
import { sandboxTransactions } from '#lib/platform/db/schema.ts';
import {
  payRequestMessage,
  rsaVerify,
  type JsapiPayParams,
} from '#lib/payments/wechatpay/protocol.ts';
import { cashierPageUrl, cashierReturnUrl, isSameOriginPost, merchantOrigin } from './cashier.ts';
import { CODE_TOKEN, PREPAY_ID } from './ids.ts';
import { sandboxKeys } from './keys.server.ts';
import {
  findByPrepayId,
  sandboxCancel,
  sandboxConfirm,
  tradeStateAt,
  isPaid,
  type PayRefusal,
  type SandboxTransaction,
} from './transactions.server.ts';

/**
 * Transactions the cashier page pays: H5 (by prepay id), native (by code_url token), and JSAPI
 * (by prepay id) when a page inside the app has no bridge to show the pay sheet (decision 033).
 */
const CASHIER_TYPES = new Set(['MWEB', 'NATIVE', 'JSAPI']);

export type CashierView =
  | { state: 'missing' }
  | {
      state: 'open' | 'paid' | 'closed';
      prepayId: string;
      mchId: string;
      description: string;
      totalCents: number;
      /** The merchant's site (its notify_url's origin): the page may send the browser back there. */
      merchantOrigin: string | null;
    };

function viewOf(row: SandboxTransaction | null, now: Date): CashierView {
  if (!row || !CASHIER_TYPES.has(row.tradeType)) return { state: 'missing' };
  const state = tradeStateAt(row, now);
  return {
    state: state === 'NOTPAY' ? 'open' : isPaid(state) ? 'paid' : 'closed',
    prepayId: row.prepayId,
    mchId: row.mchId,
    description: row.description,
    totalCents: row.totalCents,
    merchantOrigin: merchantOrigin(row.notifyUrl),
  };
}

/** What the cashier page shows for `?prepay_id=` (H5) or `?pr=` (native). */
export async function readSandboxCashier(
  db: DbOrTx,
  input: { prepayId?: string | null; codeToken?: string | null; now?: Date },
): Promise<CashierView> {
  const now = input.now ?? new Date();
  if (input.prepayId) {
    if (!PREPAY_ID.test(input.prepayId)) return { state: 'missing' };
    return viewOf(await findByPrepayId(db, input.prepayId), now);
  }
  if (input.codeToken && CODE_TOKEN.test(input.codeToken)) {
    const t = sandboxTransactions;
    const [row] = await db
      .select()
      .from(t)
      .where(and(eq(t.tradeType, 'NATIVE'), sql`right(${t.prepayId}, 20) = ${input.codeToken}`));
    return viewOf(row ?? null, now);
  }
  return { state: 'missing' };
}

/** 确认支付 or 取消支付 on the cashier page, for the transactions it may pay. */
export async function cashierDecide(
  db: DbOrTx,
  input: { prepayId: string; decision: 'confirm' | 'cancel'; now?: Date },
): Promise<{ ok: true } | { ok: false; reason: PayRefusal }> {
  const view = await readSandboxCashier(db, {
    prepayId: input.prepayId,
    now: input.now ?? new Date(),
  });
  if (view.state === 'missing') return { ok: false, reason: 'not-found' };
  const options = input.now ? { now: input.now } : {};
  const result =
    input.decision === 'confirm'
      ? await sandboxConfirm(db, input.prepayId, options)
      : await sandboxCancel(db, input.prepayId, options);
  return result.ok ? { ok: true } : result;
}

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** The sandbox's pages answer 404 unless it is the payment provider: null when they may serve. */
export function unlessSandbox(): Response | null {
  return env().PAYMENT_PROVIDER === 'sandbox' ? null : plain(404, 'Not Found');
}

/**
 * Whether pages inside the app get the sandbox's bridge stand-in (decision 033): in demo mode
 * only, and only while the sandbox is the gateway it pays through — never in production, and
 * never in front of a real gateway, whose app brings its own bridge.
 */
export function sandboxBridgeServed(): boolean {
  const { SHOP_MODE, PAYMENT_PROVIDER } = env();
  return SHOP_MODE === 'demo' && PAYMENT_PROVIDER === 'sandbox';
}

/**
 * The cashier page's form post (确认支付 / 取消支付), from a page of this origin only. Afterwards
 * the browser goes back to the merchant's redirect_url when it is on this origin or the merchant's
 * site; otherwise (or
 * when the transaction could not be paid) to the cashier page, which says what happened.
 */
export async function handleCashierPost(
  db: DbOrTx,
  request: Request,
  input: { decision: 'confirm' | 'cancel'; origin: string; host: string; now?: Date },
): Promise<Response> {
  if (!isSameOriginPost(request.headers, input.host)) return plain(403, 'Forbidden');
  const form = await request.formData().catch(() => null);
  const prepayId = form?.get('prepay_id');
  const redirectUrl = form?.get('redirect_url');
  if (typeof prepayId !== 'string' || !PREPAY_ID.test(prepayId)) return plain(400, 'Bad Request');
  const given = typeof redirectUrl === 'string' && redirectUrl !== '' ? redirectUrl : null;
  const view = await readSandboxCashier(db, { prepayId, ...(input.now ? { now: input.now } : {}) });
  const merchant = view.state === 'missing' ? null : view.merchantOrigin;
  const result = await cashierDecide(db, {
    prepayId,
    decision: input.decision,
    ...(input.now ? { now: input.now } : {}),
  });
  const back = cashierReturnUrl(given, [input.origin, merchant]);
  // Paid now or already (a second press): the merchant's page takes over either way.
  const done = result.ok || result.reason === 'paid';
  let location: string;
  // A form post may redirect on this origin only (CSP form-action): the merchant's site is
  // reached from the cashier page, which goes on there by itself.
  if (done && back && new URL(back).origin === input.origin) location = back;
  else if (result.ok) {
    location = cashierPageUrl({
      prepayId,
      redirectUrl: given,
      result: input.decision === 'confirm' ? 'paid' : 'cancelled',
    });
  } else location = cashierPageUrl({ prepayId, redirectUrl: given });
  return new Response(null, {
    status: 303,
    headers: { location, 'cache-control': 'no-store' },
  });
}

export interface BridgePayAnswer {
  err_msg:
    | 'get_brand_wcpay_request:ok'
    | 'get_brand_wcpay_request:fail'
    | 'get_brand_wcpay_request:cancel';
  /** Why it failed, as the app's own message would say. */
  err_desc?: string;
}

const REFUSAL_TEXT: Record<PayRefusal, string> = {
  'not-found': '订单不存在',
  paid: '该订单已支付',
  closed: '订单已关闭',
};

function isPayParams(value: unknown): value is JsapiPayParams {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return ['appId', 'timeStamp', 'nonceStr', 'package', 'signType', 'paySign'].every(
    (name) => typeof p[name] === 'string' && (p[name] as string).length <= 1024,
  );
}

/**
 * What the messaging app does with the page's pay request: the package must name a JSAPI
 * transaction of that appId, and paySign must verify with the merchant's public key over appId,
 * timeStamp, nonceStr and package; then the user pays (or, with `cancel`, closes the sheet).
 */
export async function sandboxBridgePay(
  db: DbOrTx,
  params: JsapiPayParams,
  options: { now?: Date; cancel?: boolean } = {},
): Promise<BridgePayAnswer> {
  const fail = (desc: string): BridgePayAnswer => ({
    err_msg: 'get_brand_wcpay_request:fail',
    err_desc: desc,
  });
  if (!isPayParams(params) || params.signType !== 'RSA' || !/^\d{1,12}$/.test(params.timeStamp)) {
    return fail('支付参数错误');
  }
  const prepayId = /^prepay_id=(.+)$/.exec(params.package)?.[1];
  if (!prepayId || !PREPAY_ID.test(prepayId)) return fail('支付参数错误');
  const row = await findByPrepayId(db, prepayId);
  if (!row || row.tradeType !== 'JSAPI' || row.appId !== params.appId) {
    return fail(REFUSAL_TEXT['not-found']);
  }
  const keys = await sandboxKeys(db);
  if (!rsaVerify(payRequestMessage(params), params.paySign, keys.merchantPublicKey)) {
    return fail('支付验证签名失败');
  }
  const timing = options.now ? { now: options.now } : {};
  if (options.cancel) {
    const cancelled = await sandboxCancel(db, prepayId, timing);
    return cancelled.ok
      ? { err_msg: 'get_brand_wcpay_request:cancel' }
      : fail(REFUSAL_TEXT[cancelled.reason]);
  }
  const paid = await sandboxConfirm(db, prepayId, timing);
  return paid.ok ? { err_msg: 'get_brand_wcpay_request:ok' } : fail(REFUSAL_TEXT[paid.reason]);
}
