/**
 * The orders area's door (docs/architecture.md "Doors"), growing as pages and areas move onto
 * it: the order and refund statuses.
 */
export { OrderStatus, PAY_WINDOW_MS, RefundStatus, orderStatusLabels } from './status.ts';
