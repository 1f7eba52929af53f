/**
 * The payments area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export { paymentGateway } from './gateway.server.ts';
export type { PaymentGateway } from './gateway.server.ts';
export { receivePaymentNotification, receiveRefundNotification } from './notify.server.ts';
export { checkArrive, createPayment, readCashier, saveRefund } from './payments.server.ts';
export { sendRefund } from './refunds.server.ts';
export {
  handleCashierPost,
  readSandboxCashier,
  sandboxBridgePay,
  sandboxBridgeServed,
  unlessSandbox,
} from './sandbox/cashier.server.ts';
export { handleSandboxRequest } from './sandbox/gateway.server.ts';
export { sandboxKeys } from './sandbox/keys.server.ts';
export { receiptSheet, sandboxConfirmReceipt } from './sandbox/transfers.server.ts';
export { GatewayError } from './wechatpay/client.server.ts';
