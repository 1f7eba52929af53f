/**
 * The shop area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export { getConfigMap, resetShopConfigEntry, saveShopConfigEntry } from './config.server.ts';
export type { ConfigMap } from './config.server.ts';
export { readFeatureSet, setFeature, shopFeatures } from './features.server.ts';
export { officialAccountQr } from './official-account.server.ts';
export { readOwnerDesk } from './owner-desk.server.ts';
export type { OwnerDesk } from './owner-desk.server.ts';
export {
  deleteSellerQr,
  isShopOwner,
  readSellerQr,
  readShopSettings,
  requireShopOwner,
  saveShopSettings,
  shopConsultQr,
  uploadSellerQr,
  uploadShopLogo,
} from './settings.server.ts';
export type { SellerQr, ShopSettings } from './settings.server.ts';
export {
  bindShopOwner,
  getSellerInfo,
  getShopDetail,
  isOpenShopName,
  saveGlobalMarkup,
  shopSignature,
} from './shops.server.ts';
export type { ShopDetail } from './shops.server.ts';
export { closeSkinPopup, skinPopupFor } from './skin-popup.server.ts';
export { listSkins, selectSkin, skinInfo } from './skins.server.ts';
