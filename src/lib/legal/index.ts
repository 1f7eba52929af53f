/**
 * The legal area's door (docs/architecture.md "Doors"): what pages, islands and other areas may
 * use: contracts, errors, the agreement types and their pages, the rules of a new version and of
 * the licence, and the view types. Browser-safe: no server module.
 */
export { publishVersion, saveLicence, uploadLicencePicture } from './actions.ts';
export { LegalContracts } from './contracts.ts';
export * as LegalEndpoints from './endpoints.ts';
export { LegalErrors } from './errors.ts';
export {
  AGREEMENT_TYPES,
  GROUP_ORDER,
  GROUP_TITLES,
  REQUIRED_FOR_EVERYONE,
  agreementInfo,
  agreementLink,
  agreementTypeOf,
  isAgreementRoute,
  isAgreementType,
  signedOnItsPage,
} from './types.ts';
export type { AgreementGroup, AgreementType, AgreementTypeInfo } from './types.ts';
export { bodyLength, chineseDate, formatAgreementText, parseAgreementText } from './document.ts';
export type { AgreementBody, AgreementSection, LegalDocument } from './document.ts';
export {
  EFFECTIVE_MAX_DAYS,
  TEXT_MAX,
  TEXT_MIN,
  TITLE_MAX,
  addDays,
  checkAgreementDraft,
} from './rules.ts';
export type { AgreementDraft, DraftField } from './rules.ts';
export {
  LICENCE_KINDS,
  checkLicence,
  creditCodeProblem,
  isIndividualBusiness,
  licenceRows,
} from './licence.ts';
export type { LicenceFacts, LicenceField, LicenceInput, LicenceKind } from './licence.ts';
export { VERSION_STATE_TEXT } from './views.ts';
export type {
  AcceptanceVia,
  AcceptanceView,
  AgreementPage,
  AgreementSummary,
  LicenceView,
  ManagedAgreement,
  PendingAgreement,
  PublishedVersion,
  ShownVersion,
  VersionState,
  VersionSummary,
} from './views.ts';
