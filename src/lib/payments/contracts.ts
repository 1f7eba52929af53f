/**
 * The payment calls of commerce §7 "Orders and payment": what can pay here (channels), opening a
 * payment (createPayment) and whether it arrived (checkArrive). What is paid is named by an order
 * or a checkout (group); the amount always comes from the orders on the server, never a body.
 */
import { z } from 'zod';
import { contract } from '#lib/platform/contract.ts';
import { PAY_CHANNELS, type PayChannel } from './status.ts';
import type { JsapiPayParams } from './wechatpay/protocol.ts';

const orderNo = z.string().regex(/^[A-Z0-9]{6,40}$/, '订单号格式不正确');
const paymentNo = z.string().regex(/^[A-Z0-9]{6,40}$/, '支付单号格式不正确');

/** What is paid: one order (去支付 on an order) or a checkout's unpaid orders (after 提交订单). */
const payTarget = {
  orderNo: orderNo.optional(),
  groupNo: orderNo.optional(),
};

export interface PayChannelView {
  channel: PayChannel;
  /** 微信支付 */
  name: string;
  /** How it pays here: 微信内支付, 跳转微信支付, 微信扫码支付. */
  hint: string;
}

/** The cashier (收银台): what is paid, by when, and how it can be paid where the page is open. */
export interface Cashier {
  /** The checkout the orders belong to. */
  groupNo: string;
  /** The unpaid orders this payment pays, oldest first. */
  orderNos: string[];
  payCents: number;
  /** ISO time after which the orders cancel themselves. */
  payDeadline: string;
  serverNow: string;
  /** Where the page is open: inapp (the messaging app), mobile, desktop. */
  place: 'inapp' | 'mobile' | 'desktop';
  channels: PayChannelView[];
}

/** An opened payment: what the page does next, by channel. */
export interface OpenedPayment {
  paymentNo: string;
  channel: PayChannel;
  payCents: number;
  /** jsapi: the messaging app's pay request, signed for the merchant. */
  payRequest?: JsapiPayParams;
  /** h5: the gateway's page, coming back to the success page afterwards. */
  h5Url?: string;
  /** native: the gateway's code URL, and the QR code of it as an SVG document. */
  codeUrl?: string;
  qrSvg?: string;
  /** Sandbox only: the gateway's own cashier page for this payment (for demos without a phone). */
  sandboxCashierUrl?: string;
}

/** What the success page polls. */
export interface PaymentArrival {
  paymentNo: string;
  /** waiting: not paid yet; paid; closed: expired or cancelled unpaid. */
  state: 'waiting' | 'paid' | 'closed';
  payCents: number;
  groupNo: string;
  orderNos: string[];
  paidAt: string | null;
}

export const PaymentContracts = {
  channels: contract<Cashier>()({
    method: 'POST',
    path: '/api/payment/pay/channels',
    body: payTarget,
    access: 'signed-in',
  }),
  /** Opens (or reopens) the payment of the caller's unpaid orders through one channel. */
  createPayment: contract<OpenedPayment>()({
    method: 'POST',
    path: '/api/payment/pay/createPayment',
    body: { ...payTarget, channel: z.enum(PAY_CHANNELS, { error: '请选择支付方式' }) },
    access: 'signed-in',
  }),
  /**
   * The gateway's notifications: signed, encrypted JSON read raw by the endpoint (the signature
   * covers the exact bytes), answered in the gateway's own { code, message } form.
   */
  notify: contract<never>()({
    method: 'POST',
    path: '/api/payment/notify/wechatpay',
    access: 'anyone',
  }),
  refundNotify: contract<never>()({
    method: 'POST',
    path: '/api/payment/notify/wechatpay/refund',
    access: 'anyone',
  }),
  /** Transfer bills' MCHTRANSFER.BILL.FINISHED (微信零钱 withdrawals, decision 033). */
  transferNotify: contract<never>()({
    method: 'POST',
    path: '/api/payment/notify/wechatpay/transfer',
    access: 'anyone',
  }),
  checkArrive: contract<PaymentArrival>()({
    method: 'GET',
    path: '/api/payment/pay/checkArrive',
    query: { paymentNo },
    access: 'signed-in',
  }),
} as const;
