/**
 * The notice strip's coupon notice and skin tip in the browser (shell §4). The coupon notice
 * shows how many unused coupons the shopper holds while the shop's 优惠券提醒 switch is on (the
 * entrance feature status, kept 120 s); the count is asked at most once per 60 s (kept with its
 * time per shop and user), closing it hides it for the session. The skin tip follows a skin
 * change: from the next page on it counts 12 s down across the pages opened meanwhile, then
 * hides; its link goes to decoration; closing or following it ends it.
 */
import { shopKey, userKey } from '#lib/platform/storage-keys.ts';
import type { FeatureCode } from '#lib/shop/index.ts';
import { SKIN_CHANGED_KEY, SKIN_TIP_UNTIL_KEY, secondsLeft, tipUntil } from '#lib/shop/index.ts';
import { featureOn, skinInfo } from '#lib/shop/ui/kept-calls.ts';
import { unusedCouponCount } from '#lib/coupons/ui/count.ts';

export const COUPON_CHECK_INTERVAL_MS = 60_000;

const data = document.body.dataset;

async function couponNotice(): Promise<void> {
  const notice = document.querySelector<HTMLElement>('[data-coupon-notice]');
  const shopId = data.shopId;
  if (!notice || !shopId || !data.userId) return;
  if (sessionStorage.getItem(shopKey(shopId, 'dismissed:couponNotice')) !== null) return;
  try {
    if (!(await featureOn(shopId, notice.dataset.feature as FeatureCode))) return;
  } catch {
    return; // Unknown whether the shop shows it: a hint, so nothing.
  }
  const key = userKey(shopId, data.userId, 'couponCheck');
  let checked = readChecked(localStorage.getItem(key));
  if (!checked || Date.now() - checked.at >= COUPON_CHECK_INTERVAL_MS) {
    try {
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
  const changedKey = shopKey(shopId, SKIN_CHANGED_KEY);
  const untilKey = shopKey(shopId, SKIN_TIP_UNTIL_KEY);
  // The first page after the change starts the 12 s; later pages go on counting.
  const until = tipUntil({
    changed: sessionStorage.getItem(changedKey) !== null,
    storedUntil: sessionStorage.getItem(untilKey),
    now: Date.now(),
  });
  sessionStorage.removeItem(changedKey);
  if (until === null) {
    sessionStorage.removeItem(untilKey);
    return;
  }
  sessionStorage.setItem(untilKey, String(until));
  const countdown = tip.querySelector<HTMLElement>('[data-skin-countdown]')!;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const end = () => {
    clearTimeout(timer);
    sessionStorage.removeItem(untilKey);
    tip.hidden = true;
  };
  const tick = () => {
    const left = secondsLeft(until, Date.now());
    if (left === 0) return end();
    countdown.textContent = `${left}s`;
    // The next whole second of the countdown.
    timer = setTimeout(tick, until - Date.now() - (left - 1) * 1000);
  };
  tip.hidden = false;
  tick();
  tip.querySelector('[data-skin-tip-close]')?.addEventListener('click', end);
  tip.querySelector('a')?.addEventListener('click', () => sessionStorage.removeItem(untilKey));
  // The skin's name, from the skin info the browser keeps (the skin page kept the new one).
  const name = tip.querySelector<HTMLElement>('[data-skin-name]');
  if (name) {
    skinInfo(shopId)
      .then((skin) => {
        if (skin) name.textContent = `「${skin.name}」`;
      })
      .catch(() => {});
  }
}

/** Shows the strip's notices that apply; the layout calls it when the page has a notice strip. */
export function showNotices(): void {
  void couponNotice();
  skinTip();
}
