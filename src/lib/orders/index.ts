/**
 * The orders area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export { cancelOrder, changeAddress, confirmReceipt, hideOrder, shipOrder } from './actions.ts';
export { CARRIERS, carrierName } from './carriers.ts';
export type { CarrierCode } from './carriers.ts';
export { ORDER_PAGE_SIZE, ORDER_TABS, OrderContracts, parcelFields } from './contracts.ts';
export * as OrderEndpoints from './endpoints.ts';
export type {
  DistributorOrderDetail,
  OrderAddress,
  OrderDetail,
  OrderTab,
  TraceView,
} from './contracts.ts';
export { OrderErrors } from './errors.ts';
export { MAX_REMARK_LENGTH } from './limits.ts';
export {
  CANCEL_REASONS,
  ORDER_TAB_LABELS,
  distributorStatusText,
  maskBuyer,
  maskPhone,
  orderStatusText,
  orderTime,
  tabFromQuery,
} from './order-view.ts';
export {
  OrderStatus,
  PAY_WINDOW_MS,
  RefundStatus,
  canApplyForRefund,
  orderStatusLabels,
  refundTransitions,
} from './status.ts';
export { placeOrder } from './store.ts';
