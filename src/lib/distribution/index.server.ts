/**
 * The distribution area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export {
  bindPersonalCard,
  sendCardCode,
  listBankCards,
  removeBankCard,
  saveVerifiedCard,
  startEnterpriseCard,
  verifyBillNo,
  verifyEnterpriseCard,
} from './cards.server.ts';
export { listCustomers, rankCustomers, readCustomer } from './customers.server.ts';
export type { ContributionRanking, CustomerDetail } from './customers.server.ts';
export { payoutProvider, walletPayouts } from './payouts.server.ts';
export {
  listIncomeLines,
  listSettlements,
  readHistoryIncome,
  readIncome,
  readMonthlyBill,
  recentBills,
} from './reports.server.ts';
export type { IncomeLine } from './reports.server.ts';
export { listShopDataOrders, readShopData } from './shop-data.server.ts';
export {
  cancelWalletWithdrawal,
  checkWalletWithdrawal,
  receiptRequest,
  receiveTransferNotification,
} from './wallet-payouts.server.ts';
export {
  applyWithdrawal,
  enterpriseAccountsOn,
  listForReview,
  listWithdrawals,
  readCashInfo,
  readWallet,
  readWithdrawal,
  readWithdrawalReceipt,
  keepReceipt,
  collectReceipts,
  receiveCardPayoutNotification,
  reviewWithdrawal,
  waitingWithdrawals,
} from './withdrawals.server.ts';
export { answerYunzhanghu } from './yunzhanghu/sandbox.server.ts';
export { yunzhanghuReadiness } from './yunzhanghu/readiness.server.ts';
export type { WithdrawalDetail } from './withdrawals.server.ts';
export { quarterOf, quarterlyPayoutReport } from './payout-report.server.ts';
