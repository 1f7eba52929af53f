/**
 * The certification area's door (docs/architecture.md "Doors"): what pages, islands and other
 * areas may use: errors, statuses, rules and the tax calculation. Browser-safe: no server module.
 */
export { CertificationContracts } from './contracts.ts';
export type { CertificationScreen, CertificationView, ReviewItem } from './contracts.ts';
export * as CertificationEndpoints from './endpoints.ts';
export { CertificationErrors } from './errors.ts';
export {
  CERTIFICATION_KINDS,
  CERTIFICATION_STATUS_TEXT,
  CertificationStatus,
  isCertificationKind,
} from './status.ts';
export type { CertificationKind } from './status.ts';
export { MAX_CERTIFICATION_REASON, missingParts } from './rules.ts';
export {
  LABOUR_PAYOUT_QUOTA,
  LABOUR_TAX_RULES,
  labourTaxRuleOn,
  quotaExceeded,
  withholdingFor,
} from './tax.ts';
export type { EarlierPayout, LabourTaxRule, Withholding } from './tax.ts';
