/**
 * The gateway's notifications (POST /api/payment/notify/wechatpay and …/refund). Nothing in one
 * is believed before its signature (over timestamp, nonce and the exact body, within five
 * minutes) verifies with the platform key and its resource decrypts with the API v3 key; then
 * merchant, app, number and amount must be the stored payment's. Success is answered only after
 * the change is committed — any failure answers an error, so the gateway tries again.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import type { PaymentGateway } from './gateway.server.ts';
import { confirmPayment, paidFacts } from './payments.server.ts';
import { applyRefundNotice } from './refunds.server.ts';
import type { RefundNotice, Transaction } from './wechatpay/resources.ts';

/** The largest notification read; the gateway's are a few hundred bytes. */
export const MAX_NOTIFICATION_BYTES = 64 * 1024;

export interface NotifyAnswer {
  status: number;
  body: { code: 'SUCCESS' | 'FAIL'; message: string };
}

const SUCCESS: NotifyAnswer = { status: 200, body: { code: 'SUCCESS', message: '成功' } };
const fail = (status: number, message: string): NotifyAnswer => ({
  status,
  body: { code: 'FAIL', message },
});

type Headers = { get(name: string): string | null };

export async function receivePaymentNotification(
  db: DbOrTx,
  gateway: PaymentGateway,
  headers: Headers,
  body: string,
  now = new Date(),
): Promise<NotifyAnswer> {
  const opened = gateway.client.openNotification<Transaction>(headers, body);
  if (!opened.ok) {
    console.error(`[payments] notification refused: ${opened.reason}`);
    return fail(401, opened.reason === 'timestamp' ? '通知已过期' : '签名验证失败');
  }
  const { notification, resource } = opened;
  if (notification.event_type !== 'TRANSACTION.SUCCESS') return SUCCESS;
  const paid = paidFacts(resource);
  if (!paid) return SUCCESS;
  try {
    const outcome = await confirmPayment(db, gateway, paid, { eventId: notification.id, now });
    if (outcome.kind === 'rejected') return fail(400, '订单信息不一致');
    return SUCCESS;
  } catch (error) {
    console.error('[payments] notification not applied:', error);
    return fail(500, '处理失败');
  }
}

export async function receiveRefundNotification(
  db: DbOrTx,
  gateway: PaymentGateway,
  headers: Headers,
  body: string,
  now = new Date(),
): Promise<NotifyAnswer> {
  const opened = gateway.client.openNotification<RefundNotice>(headers, body);
  if (!opened.ok) {
    console.error(`[refunds] notification refused: ${opened.reason}`);
    return fail(401, opened.reason === 'timestamp' ? '通知已过期' : '签名验证失败');
  }
  if (!opened.notification.event_type.startsWith('REFUND.')) return SUCCESS;
  try {
    const outcome = await applyRefundNotice(db, gateway, opened.resource, { now });
    if (outcome === 'rejected') return fail(400, '退款信息不一致');
    return SUCCESS;
  } catch (error) {
    console.error('[refunds] notification not applied:', error);
    return fail(500, '处理失败');
  }
}
