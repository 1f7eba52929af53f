/**
 * The membership area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export {
  approveGrant,
  bindWithOwnerCode,
  checkAdministrator,
  createQrGrant,
  rejectGrant,
  sendOwnerCode,
} from './admin-api.ts';
export { adminApplyRefusal } from './admin-apply.ts';
export {
  ADMIN_GRANT_POLL_MS,
  ADMIN_GRANT_TOKEN,
  ADMIN_GRANT_TTL_MS,
  newUserVerifyCode,
} from './admin-grant.ts';
export { MembershipContracts } from './contracts.ts';
export * as MembershipEndpoints from './endpoints.ts';
export { MembershipErrors } from './errors.ts';
export {
  MemberRole,
  isShopManager,
  needsContract,
  roleAllows,
  roleLetter,
  switchableRoles,
  currentTab,
  tabsFor,
} from './roles.ts';
export type { Membership, Tab } from './roles.ts';
