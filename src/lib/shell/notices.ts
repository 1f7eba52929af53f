/**
 * The notice strip's coupon notice and skin tip in the browser (shell §4). The coupon notice
 * shows how many unused coupons the shopper holds; the count is asked at most once per 60 s
 * (kept with its time per shop and user), closing it hides it for the session. The skin tip
 * follows a skin change: a 12 s countdown, then it hides; its link goes to decoration.
 */
import { shopKey, userKey } from '#lib/platform/storage-keys.ts';

export const COUPON_CHECK_INTERVAL_MS = 60_000;
export const SKIN_TIP_SECONDS = 12;
/** Written by the skin popup (src/lib/shop/skin-popup.ts) when a skin was applied. */
const SKIN_CHANGED = 'skinChangedAt';

const data = document.body.dataset;

async function couponNotice(): Promise<void> {
  const notice = document.querySelector<HTMLElement>('[data-coupon-notice]');
  const shopId = data.shopId;
  if (!notice || !shopId || !data.userId) return;
  if (sessionStorage.getItem(shopKey(shopId, 'dismissed:couponNotice')) !== null) return;
  const key = userKey(shopId, data.userId, 'couponCheck');
  let checked = readChecked(localStorage.getItem(key));
  if (!checked || Date.now() - checked.at >= COUPON_CHECK_INTERVAL_MS) {
    try {
      const { unusedCouponCount } = await import('#lib/coupons/count.ts');
      checked = { at: Date.now(), total: await unusedCouponCount(shopId) };
      localStorage.setItem(key, JSON.stringify(checked));
    } catch {
      return; // The notice is a hint: a failed check shows nothing.
    }
  }
  if (checked.total <= 0) return;
  notice.querySelector('[data-coupon-count]')!.textContent = String(checked.total);
  notice.hidden = false;
}

function readChecked(stored: string | null): { at: number; total: number } | null {
  try {
    const value = JSON.parse(stored ?? 'null') as { at?: unknown; total?: unknown } | null;
    return typeof value?.at === 'number' && typeof value.total === 'number'
      ? { at: value.at, total: value.total }
      : null;
  } catch {
    return null;
  }
}

function skinTip(): void {
  const tip = document.querySelector<HTMLElement>('[data-skin-tip]');
  const shopId = data.shopId;
  if (!tip || !shopId) return;
  const key = shopKey(shopId, SKIN_CHANGED);
  if (sessionStorage.getItem(key) === null) return;
  sessionStorage.removeItem(key);
  const countdown = tip.querySelector<HTMLElement>('[data-skin-countdown]')!;
  let left = SKIN_TIP_SECONDS;
  const show = () => (countdown.textContent = `${left}s`);
  show();
  tip.hidden = false;
  const timer = setInterval(() => {
    left -= 1;
    if (left <= 0) hide();
    else show();
  }, 1000);
  const hide = () => {
    clearInterval(timer);
    tip.hidden = true;
  };
  tip.querySelector('[data-skin-tip-close]')?.addEventListener('click', hide);
}

void couponNotice();
skinTip();
