/**
 * The after-sales area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export {
  applyAfterSale,
  listOrderAfterSales,
  listShopAfterSales,
  readAfterSale,
  receiveReturn,
  reviewAfterSale,
  shipReturn,
  waitingAuditCount,
} from './after-sales.server.ts';
export { applyLineRefund } from './line-refund.server.ts';
export { readAfterSalePhoto, storeAfterSalePhoto } from './photos.server.ts';
