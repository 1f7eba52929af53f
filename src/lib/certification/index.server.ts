/**
 * The certification area's server door (docs/architecture.md "Doors"): the queries and commands
 * other areas and pages may call. Everything else in the folder is the area's own.
 */
export {
  expireCertifications,
  isCertified,
  listCertificationsForReview,
  readCertification,
  reviewCertification,
  saveCertificationDraft,
  submitCertification,
} from './certifications.server.ts';
export type { CertificationDraft, CertificationView } from './certifications.server.ts';
export {
  listPayoutTaxes,
  payoutTaxOf,
  payoutsThisYear,
  voidLabourTax,
  withholdLabourTax,
} from './payout-tax.server.ts';
export type { PayoutTaxRow } from './payout-tax.server.ts';
export { PAYOUT_AGREEMENTS, clearForPayout, payoutReadiness } from './payout-clearance.server.ts';
export type { PayoutClearance, PayoutReadiness } from './payout-clearance.server.ts';
export { consentToGive } from './consent.server.ts';
export {
  certificationPhotoUrl,
  readCertificationPhoto,
  storeCertificationPhoto,
} from './photos.server.ts';
export { readCertificationScreen } from './screen.server.ts';
export { businessCustomerGrey, greyDistributor } from './grey.server.ts';
