/**
 * The shop area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export { ShopConfigContracts } from './config-contracts.ts';
export { shellConfig } from './config.ts';
export type { ConfigMap } from './config.ts';
export { ShopContracts } from './contracts.ts';
export { ShopErrors } from './errors.ts';
export { Feature, featureStatuses } from './features.ts';
export type { FeatureCode } from './features.ts';
export { deleteSellerQr, saveSettings, uploadLogo, uploadSellerQr } from './settings-actions.ts';
export { ShopSettingContracts } from './settings-contracts.ts';
export * as ShopConfigEndpoints from './config-endpoints.ts';
export * as ShopEndpoints from './endpoints.ts';
export * as ShopSettingEndpoints from './settings-endpoints.ts';
export { ShopSettingErrors } from './settings-errors.ts';
export {
  FOLLOW_URL_MAX,
  NOTICE_TEXT_MAX,
  SHOP_INTRO_MAX,
  SHOP_NAME_MAX,
  charCount,
  checkShopSettings,
} from './settings.ts';
export type { SettingsField } from './settings.ts';
export { SKIN_CHANGED_KEY, SKIN_TIP_UNTIL_KEY, secondsLeft, tipUntil } from './skin-tip.ts';
export { DEFAULT_THEME, skinStyle, skinVariables } from './skins.ts';
export type { SkinTheme } from './skins.ts';
export { ShopStatus } from './status.ts';
