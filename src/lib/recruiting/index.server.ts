/**
 * The recruiting area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export {
  composeCandidates,
  deleteCompose,
  myComposes,
  readCompose,
  saveCompose,
} from './compose.server.ts';
export type { ComposeView } from './compose.server.ts';
export {
  fissionBanner,
  inviteCounts,
  invitedKeepers,
  inviterCard,
  recentKeepers,
  whiteListStatus,
} from './invitations.server.ts';
export type { InviteCounts, InvitedKeeper, InvitedPage } from './invitations.server.ts';
export { runningPromotions } from './promotions.server.ts';
export type { Promotion } from './promotions.server.ts';
export { getKeeperShopInfo, updateKeeperShopInfo } from './shop-info.server.ts';
export {
  sendUnbindCode,
  shopManagerPhone,
  unbindKeeper,
  unbindSwitch,
} from './unbinding.server.ts';
