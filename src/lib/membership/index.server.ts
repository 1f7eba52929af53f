/**
 * The membership area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export {
  approveAdminGrant,
  createAdminGrant,
  rejectAdminGrant,
  viewAdminGrant,
} from './admin-grants.server.ts';
export type { GrantView } from './admin-grants.server.ts';
export { refuseCrossSite, requireRole, requireUser } from './auth.server.ts';
export { beginMemberAuth, finishMemberAuth } from './member-auth.server.ts';
export { getUserInfo } from './member.server.ts';
export {
  adminBindInfo,
  bindAdminWithCode,
  bindOwnerIdentity,
  contractState,
  dropKeeper,
  getMember,
  ownerIdentity,
  registerShopKeeper,
  lastApplyShopLink,
  registrationState,
  sendAdminCode,
  signContract,
  switchRole,
} from './membership.server.ts';
export type { OwnerIdentity, RegisterChannel } from './membership.server.ts';
