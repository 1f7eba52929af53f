/**
 * The commission area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export { commissionCents, commissionRateBp, goodsPaidCents } from './commission.ts';
export {
  KeeperAccount,
  MOVEMENT_TEXT,
  ShopAccount,
  TransferKind,
  TransferReason,
  transferId,
} from './ledger.ts';
