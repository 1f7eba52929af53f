/**
 * The identity area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export { bindLogoutButtons, loginWithCode, sendLoginCode } from './api.ts';
export { IdentityContracts } from './contracts.ts';
export type { BindPhoneStatus } from './contracts.ts';
export { IdentityErrors } from './errors.ts';
export { IdentityCheckErrors } from './identity-check-errors.ts';
export { interceptDue, myTabAction, skipInterceptKey, storedTime } from './intercept.ts';
export {
  CODE_DIGITS,
  LOGIN_CODE,
  PHONE_MAX_DIGITS,
  canSubmitLogin,
  countdownLeft,
  keepDigits,
  landingAuthHref,
  landingDoneLink,
  loginDoneLink,
  loginFailureMessage,
  loginProblem,
  MAINLAND_MOBILE,
  maskPhone,
  sendButtonLabel,
  sendCodeProblem,
} from './login.ts';
export { submitRealName } from './real-name-api.ts';
export { RealNameContracts } from './real-name-contracts.ts';
export * as IdentityEndpoints from './endpoints.ts';
export * as RealNameEndpoints from './real-name-endpoints.ts';
export { RealNameErrors } from './real-name-errors.ts';
export {
  REAL_NAME_RULE,
  checkDigit,
  cleanIdNumber,
  cleanRealName,
  isRealName,
  maskName,
  realNameProblem,
} from './real-name.ts';
export {
  $loginPopupOpen,
  closeLoginPopup,
  finishLoginForm,
  openLoginPopup,
  readLoginForm,
  saveLoginForm,
} from './store.ts';
