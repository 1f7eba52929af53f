/**
 * The commission area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export {
  adjustCommissionForRefund,
  promiseCommission,
  settleDueCommission,
} from './commission.server.ts';
export {
  InsufficientFunds,
  keeperAccount,
  keeperBalances,
  profitSummary,
  resolvePending,
  shopAccount,
  transfer,
} from './ledger.server.ts';
export type { KeeperBalances } from './ledger.server.ts';
