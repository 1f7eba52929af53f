/**
 * The catalog area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export {
  hiddenSaleCount,
  hideSale,
  listHiddenSales,
  listHideableSales,
  undoHide,
} from './blacklist.server.ts';
export {
  CardOrder,
  countProducts,
  productCardsByNo,
  productSortKey,
  readProductCards,
} from './cards.server.ts';
export type { ProductCard, ProductSort } from './cards.server.ts';
export {
  getBrandSale,
  getProductDetail,
  listOngoingSales,
  listSalesNotEnded,
  readBrandSale,
  readProductDetail,
  runningAt,
  saleSummaryColumns,
} from './catalog.server.ts';
export type { SaleSummary } from './catalog.server.ts';
export {
  activitiesExist,
  bannersAt,
  getBrandWallResource,
  getCategoryResource,
  getMarketResource,
  getNewBornProducts,
  getNewBornResource,
  listBannerWindows,
  listBanners,
  listBrandsWithSales,
  listDiamonds,
  listMemberSales,
  listRecommendedSales,
  listSaleTags,
  listUpcomingDays,
  listUpcomingSales,
  pageSales,
  productsExist,
} from './commodity.server.ts';
export type { BannerView, BannerWindow } from './commodity.server.ts';
export {
  notFlashSale,
  productOnSaleAt,
  productPublished,
  productSaleOpenAt,
  saleNotEndedAt,
  salePublished,
  saleRunningAt,
  withProductJoins,
} from './filters.server.ts';
export { searchSimilar } from './image-search.server.ts';
export {
  previewFinalPrices,
  readActivityAddPrice,
  readAddPriceLimits,
  readGlobalAddPrice,
  readMarkupPage,
  setActivityAddPrice,
  setGlobalAddPrice,
  shopOfPath,
} from './markups.server.ts';
export { renderProductPreview, wrapText } from './preview.server.ts';
export { markupsOf, priceOf, skuPriceColumns } from './pricing.server.ts';
export { containsPattern, listHotKeys, searchProducts, searchTerms } from './search.server.ts';
export { returnStock, takeStock } from './stock.server.ts';
export {
  getLanding,
  getSaleInfo,
  getSeckillPage,
  getVenue,
  isActivityNo,
  isVenueKind,
  listNpieceSales,
  listRunningSalesByTag,
  listTopBrands,
  listTopProducts,
  listUpcomingByDay,
  listUpcomingSaleCards,
  nextUpcomingSaleNo,
  parseActivityNos,
} from './venues.server.ts';
export type { SaleCard } from './venues.server.ts';
