/**
 * The browser side of the manager's 发布 and the owner's licence: each call is one legal
 * contract. Refusals reject with the client's ApiError (the message left to the form).
 */
import { call } from '#lib/platform/client.ts';
import * as LegalEndpoints from './endpoints.ts';
import type { AgreementType } from './types.ts';
import type { LicenceInput } from './licence.ts';
import type { LicenceView, PublishedVersion } from './views.ts';

/** The page's shop, named explicitly: inside the messaging app the client adds no shopBizCode. */
const shopQuery = () => ({ shopBizCode: document.body.dataset.shopId ?? '' });

export function publishVersion(body: {
  type: AgreementType;
  title: string;
  effectiveDate: string;
  text: string;
  baseVersion: number;
}): Promise<PublishedVersion> {
  return call(LegalEndpoints.publishAgreement, { query: shopQuery(), body }, { silent: true });
}

export function uploadLicencePicture(
  file: Blob,
): Promise<{ pictureMediaId: number; pictureUrl: string }> {
  return call(
    LegalEndpoints.uploadLicencePicture,
    { query: shopQuery(), body: file },
    { silent: true },
  );
}

export function saveLicence(
  body: LicenceInput & { pictureMediaId?: number | undefined },
): Promise<LicenceView> {
  return call(LegalEndpoints.saveLicence, { query: shopQuery(), body }, { silent: true });
}
