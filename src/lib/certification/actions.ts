/**
 * The browser side of a keeper's certification and the owner's review: each call one contract;
 * the separate consent is the legal area's acceptance of the consent text shown. Refusals reject
 * with the client's ApiError (the message left to the form).
 */
import { call } from '#lib/platform/client.ts';
import { LegalEndpoints, type PendingAgreement } from '#lib/legal/index.ts';
import * as CertificationEndpoints from './endpoints.ts';
import type { CertificationView } from './certifications.server.ts';
import type { CertificationKind } from './status.ts';

/** The page's shop, named explicitly: inside the messaging app the client adds no shopBizCode. */
const shopQuery = () => ({ shopBizCode: document.body.dataset.shopId ?? '' });

export function giveConsent(consent: PendingAgreement): Promise<unknown> {
  return call(
    LegalEndpoints.acceptAgreements,
    {
      query: shopQuery(),
      body: {
        agreements: [{ type: consent.type, version: consent.version, textHash: consent.textHash }],
        from: 'page',
      },
    },
    { silent: true },
  );
}

export function uploadCertificationPhoto(file: Blob): Promise<{ photoId: number; url: string }> {
  return call(
    CertificationEndpoints.uploadPhoto,
    { query: shopQuery(), body: file },
    { silent: true },
  );
}

export interface DraftInput {
  kind: CertificationKind;
  subjectName?: string | undefined;
  creditCode?: string | undefined;
  representative?: string | undefined;
  idFrontPhotoId?: number | undefined;
  idBackPhotoId?: number | undefined;
  licencePhotoId?: number | undefined;
  documentValidUntil?: string | null | undefined;
}

export function saveDraft(body: DraftInput): Promise<CertificationView> {
  return call(CertificationEndpoints.saveDraft, { query: shopQuery(), body }, { silent: true });
}

export function submitCertification(): Promise<CertificationView> {
  return call(CertificationEndpoints.submit, { query: shopQuery() }, { silent: true });
}

export function reviewCertification(body: {
  certificationId: number;
  approve: boolean;
  reason?: string | undefined;
}): Promise<CertificationView> {
  return call(CertificationEndpoints.review, { query: shopQuery(), body }, { silent: true });
}
