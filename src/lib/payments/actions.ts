/**
 * The cashier's browser side: the payment calls, the messaging app's pay bridge, and where its failures go (commerce §8: reported, not shown as they are).
 */
import { countdown } from '#lib/catalog/index.ts';
import type { Cashier, OpenedPayment, PaymentArrival } from '#lib/payments/contracts.ts';
import type { JsapiPayParams } from '#lib/payments/wechatpay/protocol.ts';
import type { PayChannel } from '#lib/payments/status.ts';
import { call } from '#lib/platform/client.ts';
import * as PaymentEndpoints from '#lib/payments/endpoints.ts';
import { memberAuthUrl, RETURNED_FROM_AUTH } from '#lib/platform/answers.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** 支付剩余时间 as mm:ss (the shared countdown helper's parts), or null once the deadline passed. */
export function payTimeLeft(deadline: number, now: number): string | null {
  const left = countdown(deadline, now);
  if (left.finished) return null;
  const minutes = left.days * 1440 + left.hours * 60 + left.minutes;
  return `${pad(minutes)}:${pad(left.seconds)}`;
}

/** The page's shop, named explicitly: inside the messaging app the client adds no shopBizCode. */
const shopQuery = () => ({ shopBizCode: document.body.dataset.shopId ?? '' });

/** What is paid: the order or the checkout the page was opened for. */
export type PayTarget = { orderNo: string } | { groupNo: string };

/** Opens the payment; rejects with the client's ApiError, its toast left to the caller. */
export async function openPayment(target: PayTarget, channel: PayChannel): Promise<OpenedPayment> {
  return call(
    PaymentEndpoints.createPayment,
    { query: shopQuery(), body: { ...target, channel } },
    { silent: true },
  );
}

/** Whether the payment arrived; silent: a failed poll is simply tried again. */
export async function checkArrival(paymentNo: string): Promise<PaymentArrival> {
  return call(
    PaymentEndpoints.checkArrive,
    { query: { ...shopQuery(), paymentNo } },
    { silent: true },
  );
}

/** The messaging app's sign-in, coming back to this page (PAYER_UNKNOWN: no payer to name). */
export async function memberAuthHref(): Promise<string | null> {
  const back = new URL(location.href);
  // Just back from it and still unknown: going round again would loop.
  if (back.searchParams.has(RETURNED_FROM_AUTH)) return null;
  back.searchParams.set(RETURNED_FROM_AUTH, '1');
  return memberAuthUrl(back);
}

/** The success page of a payment. */
export function successUrl(successHref: string, paymentNo: string): string {
  const url = new URL(successHref, location.origin);
  url.searchParams.set('paymentNo', paymentNo);
  return `${url.pathname}${url.search}`;
}

/**
 * A payment or bridge failure for error reporting: handed to the page's global error handling
 * (`reportError` fires the window's error event, where a reporting script listens), never shown
 * to the shopper as it is.
 */
export function reportFailure(where: string, detail: Record<string, unknown>): void {
  const error = new Error(`[payment] ${where}: ${JSON.stringify(detail)}`);
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
  else console.error(error);
}

/** The answer of the bridge's pay request: `get_brand_wcpay_request:ok|cancel|fail`. */
export interface BridgeAnswer {
  err_msg?: string;
  err_desc?: string;
}

interface WeixinJSBridge {
  invoke(
    name: 'getBrandWCPayRequest',
    params: JsapiPayParams,
    callback: (answer: BridgeAnswer) => void,
  ): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

/** How long the page waits for the bridge's ready event before doing without it. */
export const BRIDGE_WAIT_MS = 3000;

/** The bridge, now or once it says it is ready; null when it does not come in time. */
export function bridgeReady(waitMs = BRIDGE_WAIT_MS): Promise<WeixinJSBridge | null> {
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      document.removeEventListener('WeixinJSBridgeReady', done);
      resolve(window.WeixinJSBridge ?? null);
    };
    const timer = setTimeout(done, waitMs);
    document.addEventListener('WeixinJSBridgeReady', done);
  });
}

export type BridgeOutcome = 'ok' | 'cancel' | 'fail';

/** The bridge's pay sheet for a signed pay request. */
export function bridgePay(bridge: WeixinJSBridge, request: JsapiPayParams): Promise<BridgeOutcome> {
  return new Promise((resolve) => {
    try {
      bridge.invoke('getBrandWCPayRequest', request, (answer) => {
        const message = answer?.err_msg ?? '';
        if (message === 'get_brand_wcpay_request:ok') return resolve('ok');
        if (message === 'get_brand_wcpay_request:cancel') return resolve('cancel');
        reportFailure('getBrandWCPayRequest', { errMsg: message, errDesc: answer?.err_desc });
        resolve('fail');
      });
    } catch (error) {
      reportFailure('getBrandWCPayRequest threw', { message: (error as Error).message });
      resolve('fail');
    }
  });
}

/** The cashier's props as the page passes them. */
export interface CashierProps {
  cashier: Cashier;
  target: PayTarget;
  /** The success page, without the payment number. */
  successHref: string;
  /** The order (one) or the order list (several): where a timed-out payment leads. */
  orderHref: string;
}
