/**
 * The browser's administrator-application calls (shell §7 administrator), one function per
 * endpoint contract, so the islands read as the steps of the application.
 */
import { call } from '#lib/platform/client.ts';
import { type AdminGrantQr } from './contracts.ts';
import * as MembershipEndpoints from './endpoints.ts';

/** The SMS way: a code to the owner's phone, then the applicant binds with it. */
export function sendOwnerCode(shopBizCode: string): Promise<unknown> {
  return call(MembershipEndpoints.adminCode, { query: { shopBizCode } });
}

export function bindWithOwnerCode(shopBizCode: string, verifyCode: string): Promise<unknown> {
  return call(MembershipEndpoints.adminBindWithCode, { query: { shopBizCode, verifyCode } });
}

export type CreatedQrGrant = AdminGrantQr;

/** The QR way: a grant link (as an SVG QR code) carrying the check code both screens show. */
export function createQrGrant(
  shopBizCode: string,
  userVerifyCode: string,
): Promise<CreatedQrGrant> {
  return call(MembershipEndpoints.adminGrantQr, { query: { shopBizCode, userVerifyCode } });
}

/** Whether the owner has approved yet; asked quietly, a missed answer is asked again. */
export function checkAdministrator(shopBizCode: string): Promise<{ administrator: boolean }> {
  return call(MembershipEndpoints.adminCheck, { query: { shopBizCode } }, { silent: true });
}

/** The owner's side: approve or refuse the grant of the link. */
export function approveGrant(grant: string): Promise<unknown> {
  return call(MembershipEndpoints.adminGrantApprove, { body: { grant } });
}

export function rejectGrant(grant: string): Promise<unknown> {
  return call(MembershipEndpoints.adminGrantReject, { body: { grant } });
}
