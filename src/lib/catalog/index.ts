/**
 * The catalog area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export { hideSale, undoHide } from './blacklist-actions.ts';
export { BlacklistContracts } from './blacklist-contracts.ts';
export { BlacklistErrors } from './blacklist-errors.ts';
export { CatalogContracts } from './contracts.ts';
export type { ImageSearchItem } from './contracts.ts';
export { CatalogErrors } from './errors.ts';
export { listPageSeo, pageSite } from './list-page.ts';
export { previewPrices, saveMarkup } from './markups-actions.ts';
export { MarkupContracts } from './markups-contracts.ts';
export * as BlacklistEndpoints from './blacklist-endpoints.ts';
export * as CatalogEndpoints from './endpoints.ts';
export * as MarkupEndpoints from './markups-endpoints.ts';
export { MarkupErrors } from './markups-errors.ts';
export {
  checkMarkup,
  limitLabel,
  limitText,
  markupInputOf,
  parseMarkupText,
  percentLabel,
} from './markups.ts';
export type { MarkupLimit } from './markups.ts';
export {
  asNpieceRule,
  markupAmounts,
  npieceTotalCents,
  priceBasket,
  ruleLabel,
  shopperPrice,
} from './pricing.ts';
export type { BasketLine, NpieceRule } from './pricing.ts';
export { countdown, saleState } from './sale.ts';
export type { SaleState } from './sale.ts';
export { HotKeyType, ProductStatus, SaleStatus } from './status.ts';
export {
  brandLd,
  canonicalPath,
  itemList,
  pageUrl,
  pictureUrl,
  productEntries,
  productPreviewPath,
  saleEntries,
  salePageLd,
  shopBreadcrumbs,
} from './structured-data.ts';
