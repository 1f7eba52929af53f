/**
 * The payments area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export {
  bridgePay,
  bridgeReady,
  checkArrival,
  memberAuthHref,
  openPayment,
  payTimeLeft,
  reportFailure,
  successUrl,
} from './actions.ts';
export type { CashierProps } from './actions.ts';
export { PaymentContracts } from './contracts.ts';
export * as PaymentEndpoints from './endpoints.ts';
export type { Cashier, OpenedPayment } from './contracts.ts';
export { PaymentErrors } from './errors.ts';
export { BRIDGE_SCRIPT, BRIDGE_SCRIPT_PATH } from './sandbox/bridge-script.ts';
export {
  CASHIER_CANCEL_PATH,
  CASHIER_CONFIRM_PATH,
  cashierReturnUrl,
  isSameOriginPost,
} from './sandbox/cashier.ts';
export { PaymentOrderOutcome, PaymentStatus, RefundState } from './status.ts';
export type { JsapiPayParams } from './wechatpay/protocol.ts';
export type { TransferBillNotice, TransferBillState } from './wechatpay/resources.ts';
