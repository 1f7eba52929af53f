/**
 * The shell's behaviour in the browser, without a framework: back icon, floating helpers, the
 * version check, back-forward and bridge reloads, scroll restore, the cart badge and dismissible
 * notices. Every page of ShopLayout loads this one small module.
 */
import { badgeText } from '#lib/platform/floating.ts';
import { dragWithinBounds } from '../drag.ts';
import { $cartCount, loadCartCount, pageCartCount, setCartCount } from '#lib/cart/index.ts';
import { showNotices } from '../notices.ts';
import { RELOAD_ON_SHOW_KEY } from '../reload.ts';
import { toast } from '#lib/platform/toast.ts';
import { deviceKey, shopKey } from '#lib/platform/storage-keys.ts';
import { inOwnTask } from '#lib/platform/tasks.ts';

const body = document.body;
const data = body.dataset;
const inApp = data.inApp === 'true';

const VERSION_KEY = deviceKey('version');
const VERSION_CHECKED_KEY = deviceKey('versionCheckedAt');
/** A new build matters within a minute; a request on every page would cost the phone more. */
const VERSION_CHECK_INTERVAL_MS = 60_000;
const BRIDGE_RELOAD_KEY = deviceKey('bridgeReloadAt');
const BRIDGE_RELOAD_INTERVAL_MS = 300_000;
const SCROLL_RESTORE_DELAY_MS = 260;
const SCROLL_THROTTLE_MS = 500;

/** Floating back icon: only when there is somewhere to go back to. */
function backIcon(): void {
  const back = document.querySelector<HTMLButtonElement>('[data-shell-back]');
  if (!back || history.length <= 1) return;
  back.hidden = false;
  back.addEventListener('click', () => history.back());
}

/** The floating group: the top button beyond two viewport heights, and dragging within bounds. */
function floatingGroup(): void {
  const group = document.querySelector<HTMLElement>('[data-shell-float]');
  if (!group) return;
  const top = group.querySelector<HTMLButtonElement>('[data-float-top]');
  if (top) {
    let last = 0;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      last = Date.now();
      pending = undefined;
      top.hidden = window.scrollY <= 2 * window.innerHeight;
    };
    window.addEventListener(
      'scroll',
      () => {
        if (pending) return;
        pending = setTimeout(update, Math.max(0, SCROLL_THROTTLE_MS - (Date.now() - last)));
      },
      { passive: true },
    );
    top.addEventListener('click', () => window.scrollTo({ top: 0, behavior: 'smooth' }));
    update();
  }

  dragWithinBounds(group);
}

/** Shell §4: reload with a timestamp when a newer build is out; skipped when from=qrcode. */
async function versionCheck(): Promise<void> {
  const url = new URL(location.href);
  if (url.searchParams.get('from') === 'qrcode') return;
  const last = Number(sessionStorage.getItem(VERSION_CHECKED_KEY) ?? 0);
  if (Date.now() - last < VERSION_CHECK_INTERVAL_MS) return;
  sessionStorage.setItem(VERSION_CHECKED_KEY, String(Date.now()));
  try {
    const response = await fetch('/version.json', { cache: 'no-store' });
    const { version } = (await response.json()) as { version?: string };
    if (!version) return;
    const stored = localStorage.getItem(VERSION_KEY);
    localStorage.setItem(VERSION_KEY, version);
    if (stored && stored !== version) {
      url.searchParams.set('_t', String(Date.now()));
      location.replace(url.toString());
    }
  } catch {
    // Offline or blocked: keep the page as it is.
  }
}

/** Back/forward restore: a page that asked for it (e.g. after paying) reloads when shown again. */
function pageshowReload(): void {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && sessionStorage.getItem(RELOAD_ON_SHOW_KEY)) {
      sessionStorage.removeItem(RELOAD_ON_SHOW_KEY);
      location.reload();
    }
  });
}

/** Commerce §8: inside the app, a missing bridge reloads the page once; again only after 5 minutes. */
function bridgeCheck(): void {
  if (!inApp) return;
  const hasBridge = () => 'WeixinJSBridge' in window;
  if (hasBridge()) return;
  const ready = () => clearTimeout(timer);
  document.addEventListener('WeixinJSBridgeReady', ready, { once: true });
  const timer = setTimeout(() => {
    if (hasBridge()) return;
    const last = Number(localStorage.getItem(BRIDGE_RELOAD_KEY) ?? 0);
    if (Date.now() - last < BRIDGE_RELOAD_INTERVAL_MS) return;
    localStorage.setItem(BRIDGE_RELOAD_KEY, String(Date.now()));
    location.reload();
  }, 3000);
}

/** Scroll restore where the back-forward cache could not keep the page: after 260 ms, twice. */
function scrollRestore(): void {
  const key = deviceKey(`scroll:${location.pathname}${location.search}`);
  window.addEventListener('pagehide', () =>
    sessionStorage.setItem(key, String(Math.round(window.scrollY))),
  );
  const saved = Number(sessionStorage.getItem(key));
  const navigation = performance.getEntriesByType('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  if (!saved || navigation?.type !== 'back_forward') return;
  const restore = () => window.scrollTo(0, saved);
  setTimeout(restore, SCROLL_RESTORE_DELAY_MS);
  setTimeout(restore, SCROLL_RESTORE_DELAY_MS * 2);
}

/** Cart badges (the floating cart, the product page's cart), for a logged-in shopper. */
async function cartBadge(): Promise<void> {
  const badges = document.querySelectorAll<HTMLElement>('[data-cart-badge]');
  if (badges.length === 0 || data.loggedIn !== 'true') return;
  $cartCount.subscribe((count) => {
    for (const badge of badges) {
      badge.textContent = badgeText(count ?? 0);
      badge.hidden = !count;
    }
  });
  if ($cartCount.get() !== null) return;
  const written = pageCartCount();
  if (written !== null) return setCartCount(written);
  try {
    await loadCartCount(data.shopId);
  } catch {
    // The request client already showed what the shopper needs to see.
  }
}

/**
 * Notices that close for the session. One scoped to the route (the cross-border notice) is
 * closed only on the route it was closed on: any change of route name resets it.
 */
function dismissibleNotices(): void {
  const route = data.route ?? '';
  for (const notice of document.querySelectorAll<HTMLElement>('[data-dismiss-key]')) {
    const key = shopKey(data.shopId ?? '', `dismissed:${notice.dataset.dismissKey}`);
    const perRoute = notice.dataset.dismissScope === 'route';
    const stored = sessionStorage.getItem(key);
    if (perRoute && stored !== null && stored !== route) sessionStorage.removeItem(key);
    if (perRoute ? stored === route : stored !== null) {
      notice.hidden = true;
      continue;
    }
    notice.querySelector('[data-dismiss]')?.addEventListener('click', () => {
      notice.hidden = true;
      sessionStorage.setItem(key, perRoute ? route : '1');
    });
  }
}

// What the page must have before its first paint (a closed notice stays closed), then the rest
// each in a task of its own: the first calls of a visit read cookies and storage, which together
// were one long task at load on a slow phone.
dismissibleNotices();
pageshowReload();
scrollRestore();
inOwnTask(backIcon);
inOwnTask(floatingGroup);
inOwnTask(bridgeCheck);
// The coupon notice and the skin tip: their code loads only on a page that has one.
if (document.querySelector('[data-coupon-notice], [data-skin-tip]')) inOwnTask(showNotices);
inOwnTask(versionCheck);
inOwnTask(cartBadge);
// A message the server left for this page view (e.g. 已自动为您切换为管理员身份).
if (data.toast) toast(data.toast);
