/**
 * The legal area's server door (docs/architecture.md "Doors"): the queries and commands other
 * areas and pages may call. Everything else in the folder is the area's own.
 */
export {
  acceptAgreements,
  acceptInForce,
  acceptOnLogin,
  installPlatformTexts,
  listAcceptances,
  listAgreements,
  pendingAgreements,
  publishAgreement,
  readAgreementPage,
  readManagedAgreement,
  textHash,
  unsignedAgreements,
} from './agreements.server.ts';
export type { AcceptanceContext, ShownAgreement, Viewer } from './agreements.server.ts';
export { ownsShop, readLicence, saveLicence, uploadLicencePicture } from './licence.server.ts';
