/**
 * The addresses area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export {
  AddressMessages,
  DETAIL_MAX,
  MAX_ADDRESSES,
  NAME_MAX,
  PASTE_MAX,
  cleanPhone,
  isDetail,
  isName,
} from './addresses.ts';
export type { Address } from './addresses.ts';
export { provinceRegions, saveAddress, splitPasted } from './api.ts';
export { AddressContracts } from './contracts.ts';
export * as AddressEndpoints from './endpoints.ts';
export { AddressErrors } from './errors.ts';
export type { CityRegions, Region } from './regions.ts';
