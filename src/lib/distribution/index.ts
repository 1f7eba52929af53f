/**
 * The distribution area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export {
  applyWithdrawal,
  bindCard,
  bindCardCode,
  bindEnterpriseCard,
  cancelReceipt,
  confirmReceipt,
  removeCard,
  reviewWithdrawal,
  verifyEnterpriseCard,
} from './actions.ts';
export { DistributionContracts, MAX_REJECT_REASON } from './contracts.ts';
export {
  CONTRIBUTION_PERIODS,
  CONTRIBUTION_SORTS,
  CUSTOMER_ORDER_PAGE_SIZE,
  CUSTOMER_PAGE_SIZE,
  MAX_CUSTOMER_KEYWORD,
  PERIOD_TEXT,
  SORT_TEXT,
} from './customers.ts';
export type { ContributionPeriod, ContributionSort } from './customers.ts';
export { DistributionErrors } from './errors.ts';
export { ReportErrors } from './report-errors.ts';
export { DistributionReportContracts } from './reports-contracts.ts';
export * as DistributionEndpoints from './endpoints.ts';
export * as DistributionReportEndpoints from './reports-endpoints.ts';
export {
  FIRST_INCOME_YEAR,
  INCOME_STATES,
  INCOME_STATE_TEXT,
  billMonth,
  incomeYear,
  monthTitle,
  netSettled,
  nextMonth,
  previousMonth,
  shopMonth,
} from './reports.ts';
export type { IncomeState } from './reports.ts';
export {
  METRICS,
  METRIC_TEXT,
  SHOP_DATA_PERIODS,
  SHOP_DATA_PERIOD_TEXT,
  barChart,
  metricValue,
} from './shop-data.ts';
export type { DayFigures, Metric, ShopDataPeriod } from './shop-data.ts';
export { WITHDRAWAL_STATUS_TEXT, WithdrawalStatus } from './status.ts';
export {
  BANKS,
  MIN_WITHDRAWAL_CENTS,
  bankName,
  cleanCardNumber,
  luhnValid,
  recogniseBank,
  withdrawalFeeCents,
  yuanToCents,
} from './withdrawal.ts';
export type { BankCode } from './withdrawal.ts';
