/**
 * The keeper's "grey" standing (the specification's isGreyDistributor and businessCustomer/isGrey;
 * decision 054): a keeper who may sell and earn but is not yet paid out, because certification
 * or the payout agreements are still to come, works under the temporary arrangement
 * (临时协议: commission is kept in the wallet, nothing is paid out). A business keeper (个体工商户
 * or 企业) is grey until the owner has approved their documents. Both answer for the caller in
 * the shop of the query only.
 */
import type { DbOrTx } from '#lib/platform/db/client.server.ts';
import { registrationState } from '#lib/membership/index.server.ts';
import { readCertification } from './certifications.server.ts';
import { payoutReadiness } from './payout-clearance.server.ts';
import { CERTIFICATION_KINDS, CertificationStatus, type CertificationKind } from './status.ts';

export interface GreyDistributor {
  /** A keeper of the shop, not paid out yet (the temporary arrangement). */
  grey: boolean;
  /** What is left: apply (not a keeper), certify, sign; null when nothing is. */
  step: 'register' | 'certify' | 'sign' | null;
}

/** isGreyDistributor: whether the caller keeps the shop under the temporary arrangement. */
export async function greyDistributor(
  db: DbOrTx,
  input: { shopId: string; userId: number; now?: Date },
): Promise<GreyDistributor> {
  const state = await registrationState(db, input.shopId, input.userId);
  if (!state.registered || state.distributorDisable) return { grey: false, step: 'register' };
  const readiness = await payoutReadiness(db, input);
  return readiness.ready ? { grey: false, step: null } : { grey: true, step: readiness.step };
}

export interface BusinessCustomerGrey {
  /** The caller certifies (or has certified) the shop as a business: 个体工商户 or 企业. */
  business: boolean;
  /** A business whose documents are not approved yet. */
  grey: boolean;
  kind: CertificationKind | null;
  kindTitle: string | null;
  statusText: string | null;
}

/** businessCustomer/isGrey: whether the caller is a business keeper still awaiting approval. */
export async function businessCustomerGrey(
  db: DbOrTx,
  input: { shopId: string; userId: number; now?: Date },
): Promise<BusinessCustomerGrey> {
  const certification = await readCertification(db, input);
  const business = certification !== null && certification.kind !== 'individual';
  return {
    business,
    grey: business && certification.status !== CertificationStatus.Verified,
    kind: certification?.kind ?? null,
    kindTitle: certification ? CERTIFICATION_KINDS[certification.kind].title : null,
    statusText: certification?.statusText ?? null,
  };
}
