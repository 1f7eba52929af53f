/**
 * The recruiting area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export { INVITED_PAGE_SIZE, RecruitingContracts } from './contracts.ts';
export * as RecruitingEndpoints from './endpoints.ts';
export { RecruitingErrors } from './errors.ts';
export {
  COMPOSE_INTRO_MAX,
  COMPOSE_PRODUCTS_MAX,
  COMPOSE_PRODUCTS_MIN,
  COMPOSE_TITLE_MAX,
  INVITE_RULES,
  SHOP_INTRO_MAX,
  SHOP_NAME_MAX,
  cleanCompose,
  cleanShopInfo,
} from './rules.ts';
