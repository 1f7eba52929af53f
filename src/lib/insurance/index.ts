/**
 * The insurance area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, statuses, rules and view types. Browser-safe: no server module.
 */
export { InsuranceContracts } from './contracts.ts';
export * as InsuranceEndpoints from './endpoints.ts';
export type { ClaimPage } from './contracts.ts';
export { InsuranceErrors } from './errors.ts';
export {
  PREMIUM_BANDS,
  REMOTE_COVER_CENTS,
  REMOTE_PROVINCES,
  STANDARD_COVER_CENTS,
  insuranceCover,
  insurancePremium,
  uninsurableReason,
} from './rules.ts';
export { CLAIM_STATUS_TEXT } from './status.ts';
export { coverAt, coverRows, premiumRows } from './wuyou.ts';
export type { PremiumRow, WuyouSummary } from './wuyou.ts';
export type { ClaimStatus } from './status.ts';
