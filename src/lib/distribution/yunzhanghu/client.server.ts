/**
 * The 云账户 calls the keepers' payouts need (decision 055): 银行卡实时支付 (POST
 * /api/payment/v1/order-bankpay), 查询单笔订单信息 (GET /api/payment/v1/query-order, asked
 * encrypted) and 查询电子回单 (GET /api/payment/v1/receipt/file: a download link that expires). Each request is sealed by
 * protocol.server.ts and sent form-encoded with the `dealer-id` and `request-id` headers, as the
 * vendor's SDKs send it. A network failure or an answer that is not the API's envelope throws
 * (the payout is asked again later, under the same order id, which the API never pays twice).
 */
import { randomUUID } from 'node:crypto';
import { type Credentials, decrypt, seal } from './protocol.server.ts';

export const YUNZHANGHU_BASE_URL = 'https://api-service.yunzhanghu.com';
/** A receipt is an image of tens of kilobytes; more is not one. */
const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;

export interface YunzhanghuConfig extends Credentials {
  dealerId: string;
  brokerId: string;
  baseUrl: string;
  fetch?: typeof fetch | undefined;
}

/** An answer other than success: the API's code and message. */
export class YunzhanghuError extends Error {
  override name = 'YunzhanghuError';
  readonly code: string;
  readonly requestId: string | null;
  constructor(code: string, message: string, requestId: string | null) {
    super(`${code} ${message}`);
    this.code = code;
    this.requestId = requestId;
  }
}

/**
 * The codes of an order id the API already has (the order stands as it was) and of a query about
 * one it does not have. The sandbox answers these; go-live confirms them (decision 055).
 */
export const ORDER_EXISTS = '2002';
export const ORDER_NOT_FOUND = '2018';

export interface BankpayOrder {
  order_id: string;
  real_name: string;
  card_no: string;
  id_card: string;
  phone_no?: string;
  /** Yuan, two decimals. */
  pay: string;
  pay_remark: string;
  notify_url: string;
}

export interface OrderState {
  order_id: string;
  pay: string;
  ref: string;
  status: string;
  status_message: string;
  status_detail_message: string;
  /** 预扣税费总额, yuan. */
  tax?: string;
  user_real_amount?: string;
  finished_time?: string;
}

/** 查询电子回单's answer: the receipt's download link, good until expire_time (China time). */
export interface ReceiptFile {
  /** "2026-11-28 18:36:37". */
  expire_time: string;
  file_name: string;
  url: string;
}

interface Answer<T> {
  code: string;
  message: string;
  request_id?: string;
  data: T | string;
}

export function yunzhanghuClient(config: YunzhanghuConfig) {
  const run = config.fetch ?? fetch;
  async function call<T>(method: 'GET' | 'POST', path: string, params: Record<string, unknown>) {
    const envelope = new URLSearchParams({ ...seal(params, config) });
    // The base may carry a path of its own (the sandbox's): the call's path goes after it.
    const url = new URL(`${config.baseUrl.replace(/\/+$/, '')}${path}`);
    const headers = {
      'dealer-id': config.dealerId,
      'request-id': randomUUID(),
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
    };
    if (method === 'GET') for (const [key, value] of envelope) url.searchParams.set(key, value);
    const response = await run(url, {
      method,
      headers,
      ...(method === 'POST' && { body: envelope.toString() }),
      signal: AbortSignal.timeout(30_000),
    });
    const answer = (await response.json().catch(() => null)) as Answer<T> | null;
    if (!response.ok || !answer || typeof answer.code !== 'string') {
      throw new Error(`云账户 ${path}: HTTP ${response.status}, not the API's answer`);
    }
    if (answer.code !== '0000') {
      throw new YunzhanghuError(answer.code, answer.message, answer.request_id ?? null);
    }
    return answer.data;
  }
  return {
    dealerId: config.dealerId,
    /** 银行卡实时支付: the order, named by our order id. */
    bankpay: (order: BankpayOrder) =>
      call<{ order_id: string; ref: string; pay: string }>(
        'POST',
        '/api/payment/v1/order-bankpay',
        {
          ...order,
          dealer_id: config.dealerId,
          broker_id: config.brokerId,
        },
      ),
    /** 查询单笔订单信息 of a bank-card order; null when the API has no such order. */
    async order(orderId: string): Promise<OrderState | null> {
      try {
        const data = await call<string>('GET', '/api/payment/v1/query-order', {
          order_id: orderId,
          channel: '银行卡',
          data_type: 'encryption',
        });
        return JSON.parse(decrypt(data, config.des3Key)) as OrderState;
      } catch (error) {
        if (error instanceof YunzhanghuError && error.code === ORDER_NOT_FOUND) return null;
        throw error;
      }
    },
    /** 查询电子回单 of an order, by our order id: a link to download it while it lasts. */
    async receipt(orderId: string): Promise<ReceiptFile> {
      const data = await call<ReceiptFile>('GET', '/api/payment/v1/receipt/file', {
        order_id: orderId,
      });
      if (typeof data !== 'object' || typeof data.url !== 'string') {
        throw new Error(`云账户 receipt of ${orderId}: no link in the answer`);
      }
      return data;
    },
    /** The file behind a receipt's link (at most 5 MB). */
    async download(link: ReceiptFile): Promise<Uint8Array> {
      const response = await run(link.url, { signal: AbortSignal.timeout(30_000) });
      const size = Number(response.headers.get('content-length') ?? 0);
      if (!response.ok || size > MAX_RECEIPT_BYTES) {
        throw new Error(`云账户 receipt ${link.file_name}: HTTP ${response.status}, ${size} bytes`);
      }
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.length > MAX_RECEIPT_BYTES)
        throw new Error(`云账户 receipt ${link.file_name}: too large`);
      return bytes;
    },
  };
}

export type YunzhanghuClient = ReturnType<typeof yunzhanghuClient>;
