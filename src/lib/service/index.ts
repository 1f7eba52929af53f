/**
 * The service area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export {
  closeChat,
  consoleList,
  consoleMessages,
  consoleRead,
  markRead,
  olderMessages,
  reply,
  sendToShop,
  uploadPicture,
} from './actions.ts';
export type { Send } from './actions.ts';
export { FAQ_GROUPS } from './faq.ts';
export { SERVICE_IMAGE_TYPES } from './images.ts';
export { RAW_TEXT_MAX, checkText, previewOf, readIds, unreadBadge } from './messages.ts';
export type { MessageBody, MessageView } from './messages.ts';
export { ServiceContracts, sendInputOf } from './service-contracts.ts';
export * as ServiceEndpoints from './service-endpoints.ts';
export { ServiceErrors } from './service-errors.ts';
export { ConversationStatus } from './status.ts';
