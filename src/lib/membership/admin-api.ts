/**
 * The browser's administrator-application calls (shell §7 administrator), one function per
 * endpoint, so the islands never spell a path and the calls can change in one place.
 */
import { request } from '#lib/platform/client.ts';

/** The SMS way: a code to the owner's phone, then the applicant binds with it. */
export function sendOwnerCode(shopBizCode: string): Promise<unknown> {
  return request('/api/member/xdwxh5/admin/verifyCode', { query: { shopBizCode } });
}

export function bindWithOwnerCode(shopBizCode: string, verifyCode: string): Promise<unknown> {
  return request('/api/member/xdwxh5/admin/bind/phone', { query: { shopBizCode, verifyCode } });
}

export interface CreatedQrGrant {
  qrSvg: string;
  url: string;
  expiresAt: string;
}

/** The QR way: a grant link (as an SVG QR code) carrying the check code both screens show. */
export function createQrGrant(
  shopBizCode: string,
  userVerifyCode: string,
): Promise<CreatedQrGrant> {
  return request('/api/member/xdwxh5/admin/bind/qrCode', {
    query: { shopBizCode, userVerifyCode },
  });
}

/** Whether the owner has approved yet; asked quietly, a missed answer is asked again. */
export function checkAdministrator(shopBizCode: string): Promise<{ administrator: boolean }> {
  return request('/api/member/xdwxh5/admin/check', { query: { shopBizCode }, silent: true });
}

/** The owner's side: approve or refuse the grant of the link. */
export function approveGrant(grant: string): Promise<unknown> {
  return request('/api/member/xdwxh5/admin/bind/grant', { method: 'POST', body: { grant } });
}

export function rejectGrant(grant: string): Promise<unknown> {
  return request('/api/member/xdwxh5/admin/bind/grant/reject', {
    method: 'POST',
    body: { grant },
  });
}
