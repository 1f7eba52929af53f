/**
 * The addresses area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export {
  addAddress,
  addressDetail,
  countAddresses,
  deleteAddress,
  listAddresses,
  readAddress,
  regionPath,
  searchRegions,
  splitAddress,
  updateAddress,
} from './addresses.server.ts';
export { provinceRegions, regions } from './regions.server.ts';
