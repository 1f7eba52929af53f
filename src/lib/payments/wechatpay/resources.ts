/**
 * The JSON the WeChat Pay v3 calls used here send and answer (fields as the gateway names them).
 * Amounts are integer fen (cents) in CNY.
 */

export type TradeType = 'JSAPI' | 'MWEB' | 'NATIVE';

/** trade_state of a transaction. */
export type TradeState =
  'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';

/** The body of POST /v3/pay/transactions/{jsapi|h5|native}. */
export interface PrepayRequest {
  appid: string;
  mchid: string;
  description: string;
  out_trade_no: string;
  /** RFC 3339: after this the transaction can no longer be paid. */
  time_expire: string;
  attach?: string;
  notify_url: string;
  amount: { total: number; currency: 'CNY' };
  /** JSAPI only: who pays. */
  payer?: { openid: string };
  /** H5 (and optionally the others). */
  scene_info?: { payer_client_ip: string; h5_info?: { type: 'Wap' } };
}

export interface JsapiPrepayAnswer {
  prepay_id: string;
}
export interface H5PrepayAnswer {
  h5_url: string;
}
export interface NativePrepayAnswer {
  code_url: string;
}

/** A transaction as queried and as a TRANSACTION.SUCCESS notification's resource. */
export interface Transaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type?: TradeType;
  trade_state: TradeState;
  trade_state_desc: string;
  bank_type?: string;
  attach?: string;
  success_time?: string;
  payer?: { openid?: string };
  amount: { total: number; payer_total?: number; currency: 'CNY'; payer_currency?: 'CNY' };
}

/** The body of POST /v3/refund/domestic/refunds. */
export interface RefundRequest {
  out_trade_no: string;
  out_refund_no: string;
  reason?: string;
  notify_url?: string;
  amount: { refund: number; total: number; currency: 'CNY' };
}

/** status of a refund. */
export type RefundState = 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';

/** A refund as created and queried. */
export interface Refund {
  refund_id: string;
  out_refund_no: string;
  transaction_id: string;
  out_trade_no: string;
  channel: 'ORIGINAL';
  user_received_account: string;
  success_time?: string;
  create_time: string;
  status: RefundState;
  amount: {
    total: number;
    refund: number;
    payer_total: number;
    payer_refund: number;
    currency: 'CNY';
  };
}

/** The plaintext of a REFUND.* notification's resource. */
export interface RefundNotice {
  mchid: string;
  out_trade_no: string;
  transaction_id: string;
  out_refund_no: string;
  refund_id: string;
  refund_status: RefundState;
  success_time?: string;
  user_received_account: string;
  amount: { total: number; refund: number; payer_total: number; payer_refund: number };
}

/** An error answer of the gateway (HTTP 4xx/5xx). */
export interface GatewayErrorBody {
  code: string;
  message: string;
}
