/**
 * The decoration area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export {
  bannerLinkChoices,
  getShopDecorations,
  homeDecoration,
  publishDecoration,
  readDecoration,
  saveDraft,
  storeBannerPicture,
} from './decoration.server.ts';
export type { BannerLinkChoice, DecorationState } from './decoration.server.ts';
