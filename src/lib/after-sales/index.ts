/**
 * The after-sales area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export {
  applyAfterSale,
  receiveReturn,
  reviewAfterSale,
  shipReturn,
  uploadPhoto,
} from './actions.ts';
export {
  AFTER_SALE_KIND_TEXT,
  RETURN_WINDOW_MS,
  afterSaleAmount,
  auditChannel,
} from './after-sale-view.ts';
export { AfterSaleContracts } from './contracts.ts';
export * as AfterSaleEndpoints from './endpoints.ts';
export type { AfterSaleKind } from './contracts.ts';
export { AfterSaleErrors } from './errors.ts';
