/**
 * The coupon popup as a step of a page's popups: asks for the page's popup unless one was shown
 * here within its interval (kept per shop and user on the phone, shell §3), then loads the
 * popup's view and resolves when the shopper closed it.
 */
import { call } from '#lib/platform/client.ts';
import { userKey } from '#lib/platform/storage-keys.ts';
import type { PopupStep } from '#lib/platform/popup-sequence.ts';
import * as CouponEndpoints from '../endpoints.ts';

/** Home or the cart by page code; a venue by its number (couponWindowForVenue). */
type PopupPage = 'home_page' | 'cart_page' | { venueId: string };

export function couponPopupStep(page: PopupPage): PopupStep {
  return async () => {
    const data = document.body.dataset;
    const dialog = document.querySelector<HTMLDialogElement>('[data-coupon-popup]');
    if (!dialog || !data.userId || !data.shopId) return false;
    const where = typeof page === 'string' ? page : `venue:${page.venueId}`;
    const key = userKey(data.shopId, data.userId, `couponPopup:${where}`);
    const shown = readShown(localStorage.getItem(key));
    if (shown && Date.now() < shown.until) return false;
    const shopBizCode = data.shopId;
    const popup =
      typeof page === 'string'
        ? await call(
            CouponEndpoints.popup,
            { query: { shopBizCode, pageCode: page } },
            { silent: true },
          )
        : await call(
            CouponEndpoints.venuePopup,
            { query: { shopBizCode, venueId: page.venueId } },
            { silent: true },
          );
    if (!popup) return false;
    localStorage.setItem(
      key,
      JSON.stringify({ until: Date.now() + popup.intervalMinutes * 60_000 }),
    );
    const { showCouponPopup } = await import('./popup-view.ts');
    await showCouponPopup(dialog, popup);
    return true;
  };
}

function readShown(stored: string | null): { until: number } | null {
  try {
    const value: unknown = stored ? JSON.parse(stored) : null;
    return value && typeof (value as { until?: unknown }).until === 'number'
      ? (value as { until: number })
      : null;
  } catch {
    return null;
  }
}
