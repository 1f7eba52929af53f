/**
 * The identity area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export { accountOfIdentity, attachIdentity } from './accounts.server.ts';
export type { FaceidOptions } from './identity-checks.server.ts';
export { isKnownPhone, rememberKnownPhone } from './known-phones.server.ts';
export { messagingApp } from './messaging-app/index.server.ts';
export type {
  AuthScope,
  MessagingAppProvider,
  MessagingIdentity,
} from './messaging-app/index.server.ts';
export {
  SANDBOX_BASE_PATH,
  SANDBOX_DEVICE_COOKIE,
  consentRedirect,
  handleWeixinSandboxRequest,
  isDeviceId,
  issueSandboxCode,
  newDeviceId,
  readAuthorizeRequest,
  sandboxAccount,
  sandboxUser,
} from './messaging-app/sandbox.server.ts';
export { jsSdkConfig } from './messaging-app/signature.server.ts';
export { bindPhoneStatus, bindUserPhone, sendBindCode } from './phone-binding.server.ts';
export { loginWithPhone, logout } from './phone-login.server.ts';
export { localProvider } from './real-name-provider.server.ts';
export {
  bankCardIsDebit,
  checkBankCardOwner,
  checkRealName,
  decryptValue,
  encryptValue,
  readRealName,
  saveRealName,
  verifiedQuery,
  verifiedPayee,
  verifiedPersonKey,
  verifiedRealName,
} from './real-name.server.ts';
export type { RealNameView } from './real-name.server.ts';
export {
  LOGIN_ID_COOKIE,
  OPEN_ID_COOKIE,
  SESSION_COOKIE,
  SESSION_DAYS,
  clearSessionCookies,
  createSession,
  destroySession,
  getSession,
  getSessionUser,
  setSessionCookies,
} from './sessions.server.ts';
export type { SessionRead, SessionUser, ShopMembership } from './sessions.server.ts';
export { PURPOSE_BY_TYPE, consumeCode, issueCode } from './sms-codes.server.ts';
export type { SmsPurpose } from './sms-codes.server.ts';
export { devOutboxEnabled } from './sms/index.server.ts';
export { readOutbox } from './sms/outbox.server.ts';
export { streamHolders } from './stream-holders.server.ts';
export { answerVendorRoot } from './vendor-root.server.ts';
export {
  USER_READ_MAX_AGE_MS,
  cachedUserRead,
  heldUserRead,
  heldSession,
  knownUserId,
  readVersions,
  readViewer,
} from './viewer.server.ts';
export type { Versions } from './viewer.server.ts';
