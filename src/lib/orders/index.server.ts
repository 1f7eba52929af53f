/**
 * The orders area's server door (docs/architecture.md): what other areas call to change an order,
 * each in the caller's transaction. Only `orders/transitions.server.ts` writes an order's status
 * and timeline; these are its doors.
 */
export {
  ALL_REFUNDED_REASON,
  closeWhenAllRefunded,
  lockOrder,
  markOrderPaid,
  moveLineRefund,
  recordOrderEvent,
  type OrderActor,
} from './transitions.server.ts';
