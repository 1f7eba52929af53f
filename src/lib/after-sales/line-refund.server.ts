/**
 * cancelOrderLine: the shopper cancels one line of a paid, unshipped order, which is a 仅退款
 * after-sale the shop owner reviews. An unpaid order is cancelled whole (orders/commands).
 */
import { appError } from '#lib/platform/errors.ts';
import { Errors } from '#lib/errors.ts';
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { OrderStatus } from '#lib/orders/index.ts';
import { ownOrder, type OrderRef } from '#lib/orders/index.server.ts';
import { applyAfterSale } from './after-sales.server.ts';

export async function applyLineRefund(
  db: DbOrTx,
  input: OrderRef & { lineId: number; reason: string; auditChannel?: 2 | 6 },
): Promise<void> {
  const order = await ownOrder(db, input);
  if (order.status === OrderStatus.AwaitingPayment) throw appError(Errors.CANCEL_WHOLE_ORDER);
  try {
    await applyAfterSale(db, {
      shopId: input.shopId,
      userId: input.userId,
      orderNo: input.orderNo,
      lineId: input.lineId,
      kind: 'refund',
      reason: input.reason,
      description: '',
      photoIds: [],
      auditChannel: input.auditChannel ?? 6,
      ...(input.now ? { now: input.now } : {}),
    });
  } catch (error) {
    // Under review already, refunded, or shipped meanwhile: the order moved on.
    const code = (error as { code?: number }).code;
    if (
      code === Errors.AFTER_SALE_OPEN.code ||
      code === Errors.AFTER_SALE_KIND_MISMATCH.code ||
      code === Errors.AFTER_SALE_NOT_ALLOWED.code
    ) {
      throw appError(Errors.ORDER_STATE_CHANGED);
    }
    throw error;
  }
}
