/**
 * Order statuses (orders.status) and the refund status of an order line (order_lines.refund_status),
 * with the transitions the order, payment and after-sales commands may make.
 */
import { transitions } from '#lib/platform/transitions.ts';

/** An unpaid order is cancelled this long after it was placed (shell §4: pay within 12 minutes). */
export const PAY_WINDOW_MS = 12 * 60_000;

export const OrderStatus = {
  AwaitingPayment: 10,
  /** Paid and waiting to ship. */
  Paid: 20,
  Shipped: 30,
  Completed: 40,
  Cancelled: 50,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const orderTransitions = transitions<OrderStatus>({
  // Paid through the gateway, or cancelled by the shopper or the 12-minute unpaid timer.
  [OrderStatus.AwaitingPayment]: [OrderStatus.Paid, OrderStatus.Cancelled],
  // Shipped, or cancelled once every line of an order not yet shipped is refunded (仅退款).
  [OrderStatus.Paid]: [OrderStatus.Shipped, OrderStatus.Cancelled],
  // Received by the shopper or completed by the timer; closed (cancelled) once every line came
  // back through a 退货退款 and was refunded.
  [OrderStatus.Shipped]: [OrderStatus.Completed, OrderStatus.Cancelled],
  [OrderStatus.Completed]: [],
  [OrderStatus.Cancelled]: [],
});

/**
 * What the shopper reads for the statuses still under way (the my page's order shortcuts); the
 * specification gives no text for completed and cancelled orders.
 */
export const orderStatusLabels = {
  [OrderStatus.AwaitingPayment]: '待付款',
  [OrderStatus.Paid]: '待发货',
  [OrderStatus.Shipped]: '待收货',
} as const satisfies Partial<Record<OrderStatus, string>>;

/** A line's refund: none (null) until the shopper applies (shell §3 refund status texts). */
export const RefundStatus = {
  UnderReview: 10,
  Failed: 60,
  Approved: 70,
} as const;
export type RefundStatus = (typeof RefundStatus)[keyof typeof RefundStatus];

export const refundTransitions = transitions<RefundStatus>({
  [RefundStatus.UnderReview]: [RefundStatus.Failed, RefundStatus.Approved],
  // A refused refund may be applied for again.
  [RefundStatus.Failed]: [RefundStatus.UnderReview],
  [RefundStatus.Approved]: [],
});

/** Whether a line may be put under refund review: it has no refund yet, or one was refused. */
export function canApplyForRefund(current: RefundStatus | null): boolean {
  return current === null || refundTransitions.canTransition(current, RefundStatus.UnderReview);
}
