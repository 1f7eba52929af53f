/**
 * The decoration area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export { DecorationContracts } from './contracts.ts';
export * as DecorationEndpoints from './endpoints.ts';
export {
  BANNER_TITLE_MAX,
  MAX_BANNERS,
  MODULE_NAMES,
  move,
  parseLayout,
  publishedNote,
  sameLayout,
} from './decoration.ts';
export type { BannerLink, DecorationBanner, HomeLayout, ModuleKind } from './decoration.ts';
export { DecorationErrors } from './errors.ts';
