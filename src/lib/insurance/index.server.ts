/**
 * The insurance area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export {
  fileClaim,
  listShopClaims,
  policySummary,
  shopOffersInsurance,
} from './insurance.server.ts';
