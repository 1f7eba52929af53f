/**
 * The payment adapter: a WeChat Pay API v3 client. Every request is signed with the merchant key;
 * every answer is verified with the platform key before it is believed; notifications are
 * verified and decrypted here too. The same client talks to the real gateway and to the built-in
 * sandbox (payments/sandbox/): only the base URL and the keys differ.
 */
import type { KeyObject } from 'node:crypto';
import {
  authorization,
  decryptResource,
  encryptSensitive,
  jsapiPayParams,
  verifySignedHeaders,
  type JsapiPayParams,
  type Notification,
} from './protocol.ts';
import type {
  GatewayErrorBody,
  H5PrepayAnswer,
  JsapiPrepayAnswer,
  NativePrepayAnswer,
  PrepayRequest,
  Refund,
  RefundNotice,
  RefundRequest,
  Transaction,
  TransferBill,
  TransferBillAnswer,
  TransferBillRequest,
  TransferCancelAnswer,
} from './resources.ts';

export interface WechatPayConfig {
  mchId: string;
  /** The merchant certificate's serial, named in every request's Authorization. */
  serial: string;
  privateKey: KeyObject;
  /** The 32-character API v3 key that encrypts notification resources. */
  apiV3Key: string;
  /** Platform public keys by their serial or public-key id (PUB_KEY_ID_…). */
  platformKeys: ReadonlyMap<string, KeyObject>;
  /** e.g. https://api.mch.weixin.qq.com/ — the v3 paths are resolved under it. */
  baseUrl: string;
  /** The app whose users pay (appid in every transaction). */
  appId: string;
  /** How requests are sent; global fetch unless a test or script routes them in-process. */
  fetch?: typeof fetch;
}

/** A call the gateway refused (its code and message), or an answer that could not be trusted. */
export class GatewayError extends Error {
  override name = 'GatewayError';
  readonly status: number;
  readonly code: string;
  /** The gateway's own message. */
  readonly detail: string;
  constructor(status: number, code: string, message: string) {
    super(`${status} ${code}: ${message}`);
    this.status = status;
    this.code = code;
    this.detail = message;
  }
}

const TIMEOUT_MS = 10_000;

export type PrepayKind = 'jsapi' | 'h5' | 'native';
type PrepayAnswer<K extends PrepayKind> = K extends 'jsapi'
  ? JsapiPrepayAnswer
  : K extends 'h5'
    ? H5PrepayAnswer
    : NativePrepayAnswer;

export type NotificationVerdict<T> =
  | { ok: true; notification: Notification; resource: T }
  | { ok: false; reason: 'missing' | 'serial' | 'timestamp' | 'signature' | 'body' | 'decrypt' };

export class WechatPayClient {
  readonly config: WechatPayConfig;
  private readonly now: () => Date;

  constructor(config: WechatPayConfig, now: () => Date = () => new Date()) {
    this.config = config;
    this.now = now;
  }

  get appId(): string {
    return this.config.appId;
  }

  get mchId(): string {
    return this.config.mchId;
  }

  /** Opens a transaction; repeating it with the same out_trade_no answers the same prepay. */
  prepay<K extends PrepayKind>(
    kind: K,
    request: Omit<PrepayRequest, 'appid' | 'mchid'>,
  ): Promise<PrepayAnswer<K>> {
    const body: PrepayRequest = { appid: this.config.appId, mchid: this.config.mchId, ...request };
    return this.call('POST', `v3/pay/transactions/${kind}`, body) as Promise<PrepayAnswer<K>>;
  }

  queryByOutTradeNo(outTradeNo: string): Promise<Transaction> {
    return this.call(
      'GET',
      `v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.config.mchId)}`,
    ) as Promise<Transaction>;
  }

  /** Closes an unpaid transaction (answered 204); a paid one is refused with ORDERPAID. */
  async close(outTradeNo: string): Promise<void> {
    await this.call(
      'POST',
      `v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`,
      { mchid: this.config.mchId },
    );
  }

  /** Asks for a refund; the same out_refund_no again answers the same refund, never a second. */
  refund(request: RefundRequest): Promise<Refund> {
    return this.call('POST', 'v3/refund/domestic/refunds', request) as Promise<Refund>;
  }

  queryRefund(outRefundNo: string): Promise<Refund> {
    return this.call(
      'GET',
      `v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`,
    ) as Promise<Refund>;
  }

  /**
   * 商家转账: a transfer bill to a user's WeChat balance. The same out_bill_no (saved before the
   * call) answers the same bill. A payee name is encrypted with the platform key, which the
   * request then names in Wechatpay-Serial.
   */
  createTransferBill(
    request: Omit<TransferBillRequest, 'appid' | 'user_name'> & { userName?: string },
  ): Promise<TransferBillAnswer> {
    const { userName, ...rest } = request;
    const body: TransferBillRequest = { appid: this.config.appId, ...rest };
    const headers: Record<string, string> = {};
    if (userName !== undefined) {
      const [keyId, key] = this.config.platformKeys.entries().next().value!;
      body.user_name = encryptSensitive(userName, key);
      headers['Wechatpay-Serial'] = keyId;
    }
    return this.call(
      'POST',
      'v3/fund-app/mch-transfer/transfer-bills',
      body,
      headers,
    ) as Promise<TransferBillAnswer>;
  }

  queryTransferBill(outBillNo: string): Promise<TransferBill> {
    return this.call(
      'GET',
      `v3/fund-app/mch-transfer/transfer-bills/out-bill-no/${encodeURIComponent(outBillNo)}`,
    ) as Promise<TransferBill>;
  }

  /** Cancels a bill the payee has not confirmed yet; accepted as CANCELING, final later. */
  cancelTransferBill(outBillNo: string): Promise<TransferCancelAnswer> {
    return this.call(
      'POST',
      `v3/fund-app/mch-transfer/transfer-bills/out-bill-no/${encodeURIComponent(outBillNo)}/cancel`,
    ) as Promise<TransferCancelAnswer>;
  }

  /** The in-app pay request the page hands to the messaging app, signed with the merchant key. */
  payParams(prepayId: string): JsapiPayParams {
    return jsapiPayParams({
      appId: this.config.appId,
      prepayId,
      privateKey: this.config.privateKey,
      timestamp: Math.floor(this.now().getTime() / 1000),
    });
  }

  /**
   * A notification as posted to us: its signature (within five minutes) is checked with the
   * platform key, then its resource is decrypted with the API v3 key. Nothing in it is believed
   * before both pass.
   */
  openNotification<T = Transaction | RefundNotice>(
    headers: { get(name: string): string | null },
    body: string,
  ): NotificationVerdict<T> {
    const verdict = verifySignedHeaders({
      headers,
      body,
      keys: this.config.platformKeys,
      now: this.now(),
    });
    if (!verdict.ok) return verdict;
    let notification: Notification;
    try {
      notification = JSON.parse(body) as Notification;
    } catch {
      return { ok: false, reason: 'body' };
    }
    if (!notification?.resource || typeof notification.resource.ciphertext !== 'string') {
      return { ok: false, reason: 'body' };
    }
    const plaintext = decryptResource(notification.resource, this.config.apiV3Key);
    if (plaintext === null) return { ok: false, reason: 'decrypt' };
    try {
      return { ok: true, notification, resource: JSON.parse(plaintext) as T };
    } catch {
      return { ok: false, reason: 'decrypt' };
    }
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<unknown> {
    const url = new URL(path, this.config.baseUrl);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const send = this.config.fetch ?? fetch;
    const response = await send(url, {
      method,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'User-Agent': 'social-shop/wechatpay-v3',
        ...extraHeaders,
        Authorization: authorization({
          mchId: this.config.mchId,
          serial: this.config.serial,
          privateKey: this.config.privateKey,
          method,
          url: `${url.pathname}${url.search}`,
          body,
          timestamp: Math.floor(this.now().getTime() / 1000),
        }),
      },
      body: method === 'GET' ? null : body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    const text = await response.text();
    if (!response.ok) {
      let error: Partial<GatewayErrorBody> = {};
      try {
        error = JSON.parse(text) as GatewayErrorBody;
      } catch {
        // Not the gateway's error body: the status says enough.
      }
      throw new GatewayError(
        response.status,
        error.code ?? 'HTTP_ERROR',
        error.message ?? response.statusText,
      );
    }
    // An answer counts only once it is shown to come from the platform.
    const verdict = verifySignedHeaders({
      headers: response.headers,
      body: text,
      keys: this.config.platformKeys,
      now: this.now(),
    });
    if (!verdict.ok) {
      throw new GatewayError(response.status, 'SIGN_VERIFY_FAILED', `answer ${verdict.reason}`);
    }
    return text === '' ? null : JSON.parse(text);
  }
}
