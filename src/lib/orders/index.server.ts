/**
 * The orders area's server door (docs/architecture.md "Doors"): its queries and commands, and
 * what other areas call to change an order inside their own transaction (markOrderPaid,
 * moveLineRefund, closeWhenAllRefunded, …). Only `orders/transitions.server.ts` writes an order's
 * status and timeline.
 */
export {
  cancelOrder,
  changeOrderAddress,
  confirmReceipt,
  hideOrder,
  ownOrder,
  shipOrder,
} from './commands.server.ts';
export type { OrderRef } from './commands.server.ts';
export {
  checkoutTickets,
  recommendCheckoutCoupon,
  selectCheckoutCoupon,
} from './coupon-choice.server.ts';
export type { CheckoutTickets, CouponQuote, RecommendedCoupon } from './coupon-choice.server.ts';
export { openAfterSaleOf, refundUnderReviewOf } from './holds.server.ts';
export {
  addInvoiceParcel,
  invoiceParcel,
  subscribeInvoiceParcel,
} from './invoice-parcels.server.ts';
export type { InvoiceParcel } from './invoice-parcels.server.ts';
export { handleKuaidi100Request } from './kuaidi100/sandbox/service.server.ts';
export { logisticsTracker, receiveKuaidi100Push } from './kuaidi100/tracker.server.ts';
export type { Tracker } from './kuaidi100/tracker.server.ts';
export { DEFAULT_SHIP_FROM_CITY, sandboxStepState, sandboxTraces } from './logistics.server.ts';
export { placeOrder, previewCheckout } from './place-order.server.ts';
export {
  couponOrders,
  isFirstOrder,
  listDistributorOrders,
  listOrders,
  pendingPaymentOrders,
  readDistributorOrder,
  readLogistics,
  readOrderDetail,
  readOrderGroup,
  readOrderGroupInfo,
  readOrderInfo,
  readOrderTrack,
  searchDistributorOrders,
  searchOrders,
} from './queries.server.ts';
export {
  ALL_REFUNDED_REASON,
  closeWhenAllRefunded,
  lockOrder,
  markOrderPaid,
  moveLineRefund,
  recordOrderEvent,
} from './transitions.server.ts';
export type { OrderActor } from './transitions.server.ts';
