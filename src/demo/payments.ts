/**
 * The demo's payments, written into both books at once: the shop's (payments, payment_orders,
 * refunds) and the sandbox gateway's (sandbox_transactions, sandbox_refunds), so the demo's
 * history reconciles (`npm run payments:reconcile` finds no difference). Every paid demo order
 * was paid through H5; the cancelled one was paid a minute after it had been cancelled, and that
 * payment was refunded automatically.
 */
import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Tx } from '#lib/platform/db/client.server.ts';
import * as t from '#lib/platform/db/schema.ts';
import { OrderStatus } from '#lib/orders/index.ts';
import { PaymentOrderOutcome, PaymentStatus, RefundState } from '#lib/payments/index.ts';
import { sandboxKeys } from '#lib/payments/index.server.ts';
import { wechatAppId } from '#lib/platform/env.server.ts';

const MINUTE = 60_000;

/** `orderIds`: only these orders (the ones a later seeder or the re-arm just placed). */
export async function seedPayments(tx: Tx, orderIds?: number[]): Promise<void> {
  const keys = await sandboxKeys(tx);
  const appId = wechatAppId();
  const paidOrCancelled = await tx
    .select({
      id: t.orders.id,
      orderNo: t.orders.orderNo,
      groupId: t.orders.groupId,
      shopId: t.orders.shopId,
      userId: t.orders.userId,
      status: t.orders.status,
      payCents: t.orders.payCents,
      payDeadline: t.orders.payDeadline,
      paidAt: t.orders.paidAt,
      cancelledAt: t.orders.cancelledAt,
      createdAt: t.orders.createdAt,
    })
    .from(t.orders)
    .where(
      and(
        or(isNotNull(t.orders.paidAt), eq(t.orders.status, OrderStatus.Cancelled)),
        orderIds ? inArray(t.orders.id, orderIds) : undefined,
      ),
    )
    .orderBy(asc(t.orders.id));

  for (const [i, order] of paidOrCancelled.entries()) {
    const late = order.status === OrderStatus.Cancelled;
    const paidAt = late ? new Date(order.cancelledAt!.getTime() + MINUTE) : order.paidAt!;
    const paymentNo = `PD${order.orderNo}`;
    const transactionId = `42000${String(1_000_000 + i)}${order.orderNo.slice(-8)}`;
    const [payment] = await tx
      .insert(t.payments)
      .values({
        paymentNo,
        groupId: order.groupId,
        shopId: order.shopId,
        userId: order.userId,
        channel: 'h5',
        orderSet: String(order.id),
        amountCents: order.payCents,
        refundedCents: late ? order.payCents : 0,
        status: PaymentStatus.Paid,
        prepay: { h5Url: `/sandbox/wechatpay/cashier?prepay_id=wx${paymentNo}` },
        expiresAt: order.payDeadline,
        transactionId,
        paidAt,
        createdAt: new Date(order.createdAt.getTime() + MINUTE),
      })
      .returning({ id: t.payments.id });
    await tx.insert(t.paymentOrders).values({
      paymentId: payment!.id,
      orderId: order.id,
      amountCents: order.payCents,
      outcome: late ? PaymentOrderOutcome.Refunded : PaymentOrderOutcome.PaidOrder,
    });
    await tx.insert(t.sandboxTransactions).values({
      mchId: keys.mchId,
      outTradeNo: paymentNo,
      appId,
      tradeType: 'MWEB',
      description: `订单${order.orderNo}`,
      totalCents: order.payCents,
      notifyUrl: 'http://127.0.0.1/api/payment/notify/wechatpay',
      timeExpire: order.payDeadline,
      prepayId: `wx${paymentNo}`,
      fingerprint: `seed:${paymentNo}`,
      transactionId,
      tradeState: late ? 'REFUND' : 'SUCCESS',
      successTime: paidAt,
      createdAt: new Date(order.createdAt.getTime() + MINUTE),
    });
    if (!late) continue;
    const refundNo = `RL${paymentNo}-${order.id}`;
    const refundedAt = new Date(paidAt.getTime() + MINUTE);
    await tx.insert(t.refunds).values({
      refundNo,
      paymentId: payment!.id,
      orderId: order.id,
      amountCents: order.payCents,
      cause: 'late_payment',
      reason: '订单已取消，支付款自动退回',
      status: RefundState.Succeeded,
      gatewayRefundId: `50300${transactionId.slice(5)}`,
      createdAt: paidAt,
      settledAt: refundedAt,
    });
    await tx.insert(t.sandboxRefunds).values({
      mchId: keys.mchId,
      outRefundNo: refundNo,
      refundId: `50300${transactionId.slice(5)}`,
      outTradeNo: paymentNo,
      refundCents: order.payCents,
      totalCents: order.payCents,
      reason: '订单已取消，支付款自动退回',
      status: 'SUCCESS',
      successTime: refundedAt,
      createdAt: paidAt,
    });
    await tx.insert(t.orderEvents).values([
      {
        orderId: order.id,
        kind: 'late_payment_refunded',
        actor: 'gateway',
        note: paymentNo,
        createdAt: paidAt,
      },
      {
        orderId: order.id,
        kind: 'refunded',
        actor: 'gateway',
        note: refundNo,
        createdAt: refundedAt,
      },
    ]);
  }
}
