/**
 * The rules of the sandbox gateway's cashier page (H5 pay), pure: where it lives, where it may
 * send the browser back to, and which form posts it takes. Its data is in cashier.server.ts.
 */

/** Where the sandbox gateway is mounted. */
export const SANDBOX_PREFIX = '/sandbox/wechatpay';
/** Its cashier page: `?prepay_id=…&redirect_url=…` (H5), or `?pr=…` (a native code_url's token). */
export const CASHIER_PATH = `${SANDBOX_PREFIX}/cashier`;
export const CASHIER_CONFIRM_PATH = `${CASHIER_PATH}/confirm`;
export const CASHIER_CANCEL_PATH = `${CASHIER_PATH}/cancel`;

/** What the page says after 确认支付 / 取消支付 when it cannot send the browser back. */
export type CashierResult = 'paid' | 'cancelled';

/**
 * The merchant's redirect_url when the browser may be sent there: http(s) on one of `origins`
 * (this gateway's own, and the merchant's site — the origin of the transaction's notify_url, as
 * WeChat Pay allows only the merchant's registered H5 domain), no credentials. Anything else
 * (another site, javascript:, a malformed URL) is null. A relative URL is on the first origin.
 */
export function cashierReturnUrl(
  redirectUrl: string | null,
  origins: readonly (string | null)[],
): string | null {
  if (!redirectUrl) return null;
  let url: URL;
  try {
    url = new URL(redirectUrl, origins[0] ?? undefined);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!origins.includes(url.origin) || url.username || url.password) return null;
  return url.href;
}

/** The origin of a notify_url (the merchant's site), or null when it is not a URL. */
export function merchantOrigin(notifyUrl: string): string | null {
  try {
    return new URL(notifyUrl).origin;
  } catch {
    return null;
  }
}

/** The cashier page again, for one transaction, with what happened. */
export function cashierPageUrl(input: {
  prepayId: string;
  redirectUrl?: string | null;
  result?: CashierResult;
}): string {
  const query = new URLSearchParams({ prepay_id: input.prepayId });
  if (input.redirectUrl) query.set('redirect_url', input.redirectUrl);
  if (input.result) query.set('result', input.result);
  return `${CASHIER_PATH}?${query.toString()}`;
}

/**
 * Whether a form post comes from this origin itself (stricter than the shop's cross-site rule,
 * which lets clients without Sec-Fetch-Site or Origin through): only a page of this origin may
 * press 确认支付. Hosts are compared, as the shop's CSRF rule does, for a TLS-terminating proxy.
 */
export function isSameOriginPost(headers: Headers, host: string): boolean {
  const site = headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = headers.get('origin');
  if (!origin) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
