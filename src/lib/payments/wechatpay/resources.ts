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

/** A transfer bill's state (商家转账, POST /v3/fund-app/mch-transfer/transfer-bills). */
export type TransferBillState =
  | 'ACCEPTED'
  | 'PROCESSING'
  | 'WAIT_USER_CONFIRM'
  | 'TRANSFERING'
  | 'SUCCESS'
  | 'FAIL'
  | 'CANCELING'
  | 'CANCELLED';

/** One fact the transfer scene asks to be reported (1005 佣金报酬: 岗位类型, 报酬说明). */
export interface TransferSceneReportInfo {
  info_type: string;
  info_content: string;
}

export interface TransferBillRequest {
  appid: string;
  out_bill_no: string;
  transfer_scene_id: string;
  openid: string;
  /** The payee's name, encrypted (encryptSensitive); required from ¥2,000.00. */
  user_name?: string;
  transfer_amount: number;
  transfer_remark: string;
  notify_url?: string;
  user_recv_perception?: string;
  transfer_scene_report_infos: TransferSceneReportInfo[];
}

export interface TransferBillAnswer {
  out_bill_no: string;
  transfer_bill_no: string;
  create_time: string;
  state: TransferBillState;
  fail_reason?: string;
  /** Present while the payee must confirm: what requestMerchantTransfer is opened with. */
  package_info?: string;
}

/** GET …/transfer-bills/out-bill-no/{out_bill_no}. */
export interface TransferBill {
  mch_id: string;
  out_bill_no: string;
  transfer_bill_no: string;
  appid: string;
  state: TransferBillState;
  transfer_amount: number;
  transfer_remark: string;
  fail_reason?: string;
  openid: string;
  create_time: string;
  update_time: string;
}

export interface TransferCancelAnswer {
  out_bill_no: string;
  transfer_bill_no: string;
  state: 'CANCELING' | 'CANCELLED';
  update_time: string;
}

/** The resource of an MCHTRANSFER.BILL.FINISHED notification. */
export interface TransferBillNotice {
  mch_id: string;
  out_bill_no: string;
  transfer_bill_no: string;
  transfer_amount: number;
  state: TransferBillState;
  openid: string;
  fail_reason?: string;
  create_time: string;
  update_time: string;
}

/** An error answer of the gateway (HTTP 4xx/5xx). */
export interface GatewayErrorBody {
  code: string;
  message: string;
}
