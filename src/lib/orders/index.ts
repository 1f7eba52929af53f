/**
 * The orders area's door (docs/architecture.md "Doors"), growing as pages and areas move onto
 * it: the order and refund statuses, and how an order's time reads.
 */
export { OrderStatus, PAY_WINDOW_MS, RefundStatus, orderStatusLabels } from './status.ts';
export { orderTime } from './order-view.ts';
