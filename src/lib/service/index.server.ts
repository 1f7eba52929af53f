/**
 * The service area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export { productChoice, recentOrderChoices } from './choices.server.ts';
export { consultShopOwner } from './consult.server.ts';
export {
  closeConversation,
  consoleHistory,
  isShopStaff,
  latestMessageId,
  launchConsultation,
  markReadByShop,
  markReadByShopper,
  replyAsShop,
  requireShopStaff,
  sendAsShopper,
  shopConversations,
  shopperHistory,
  shopperUnread,
} from './conversations.server.ts';
export type { ConversationView } from './conversations.server.ts';
export { readServiceImage, storeServiceImage } from './images.server.ts';
export { consoleStream, shopperStream } from './streams.server.ts';
