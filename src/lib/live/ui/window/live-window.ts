/**
 * The small live window in the browser (shell §2): shown unless the shopper closed it in this
 * browser session for this shop. It starts where it covers no text and no control of the page:
 * docked as a strip in the floating buttons' band where the band leaves room (the page ends
 * above the band, so it covers nothing at any scroll), else floating over the spot that covers
 * nothing (liveWindowSpot: a picture, an empty stretch). It is placed again while the page
 * settles (a notice strip or a late picture moves the page) until the shopper scrolls or touches
 * it. Dragged within 15 px of the left and 55 px of the bottom; ✕ closes it (sessionStorage, per
 * shop). A page restored from the back-forward cache checks again, so a window closed on another
 * page stays closed here too.
 */
import {
  DOCKED_COVER_WIDTH,
  DOCKED_HEIGHT,
  dockedSpot,
  liveWindowClosedKey,
  liveWindowSpot,
  type ScreenBox,
} from '#lib/live/index.ts';
import { FLOAT_BUTTON_GAP, FLOAT_BUTTON_SIZE, FLOAT_SIDE_MARGIN } from '#lib/platform/floating.ts';
import { dragWithinBounds } from '#lib/shell/index.ts';

/**
 * What the window must not start over: texts, controls, the bars and floating buttons — of the
 * page, not of a popup over everything (the window is under it, and it closes).
 */
function keepOut(win: HTMLElement): ScreenBox[] {
  const boxes: ScreenBox[] = [];
  const height = window.innerHeight;
  const add = (rect: DOMRect) => {
    if (rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < height) boxes.push(rect);
  };
  const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    if (!node.textContent?.trim() || win.contains(node)) continue;
    if (node.parentElement?.closest('dialog')) continue;
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) add(rect);
  }
  const solid = 'a, button, input, select, textarea, .tab-bar, .buy-bar, [data-bottom-bar]';
  for (const element of document.body.querySelectorAll(`${solid}, .float-back, .float-btn`)) {
    if (!win.contains(element) && !element.closest('dialog')) add(element.getBoundingClientRect());
  }
  return boxes;
}

/**
 * The top of the bottom band the window stays above: a bar at the bottom (tab bar, buy bar, a
 * page's own), and above it the floating buttons' band, which shows once a button does.
 */
function floor(): number {
  let top = window.innerHeight;
  for (const bar of document.querySelectorAll('.tab-bar, .buy-bar, [data-bottom-bar]')) {
    const rect = bar.getBoundingClientRect();
    if (rect.height > 0) top = Math.min(top, rect.top);
  }
  const ownBar = document.querySelector('.buy-bar, [data-bottom-bar]');
  if (document.querySelector('.float-dock') && !ownBar) top -= bandHeight();
  return top;
}

/** The floating buttons' band's height (FloatingButtons.astro --float-dock-height). */
function bandHeight(): number {
  const height = getComputedStyle(document.documentElement).getPropertyValue('--float-dock-height');
  return Number.parseFloat(height) || 0;
}

/**
 * The stretches of the band its buttons take: the back icon on the left and the helper group on
 * the right, counted whole (the back icon waits for history, the top button for scrolling).
 */
function bandTaken(): { left: number; right: number }[] {
  const taken: { left: number; right: number }[] = [];
  if (document.querySelector('[data-shell-back]')) {
    taken.push({ left: FLOAT_SIDE_MARGIN, right: FLOAT_SIDE_MARGIN + FLOAT_BUTTON_SIZE });
  }
  const buttons = document.querySelectorAll('[data-shell-float] .float-btn').length;
  if (buttons > 0) {
    const right = window.innerWidth - FLOAT_SIDE_MARGIN;
    const width = buttons * FLOAT_BUTTON_SIZE + (buttons - 1) * FLOAT_BUTTON_GAP;
    taken.push({ left: right - width, right });
  }
  return taken;
}

/** Docks the window in the band when the band shows and leaves room; answers whether it did. */
function dock(win: HTMLElement): boolean {
  const rect = document.querySelector('.float-dock')?.getBoundingClientRect();
  if (!rect || rect.height === 0) return false;
  const spot = dockedSpot(window.innerWidth, bandTaken());
  if (!spot) return false;
  win.classList.add('docked');
  win.classList.toggle('narrow', spot.width < DOCKED_COVER_WIDTH);
  win.style.width = `${spot.width}px`;
  // The band element reaches down behind the tab bar: the band is its top part.
  const band = bandHeight();
  const bottom = window.innerHeight - (rect.top + band) + (band - DOCKED_HEIGHT) / 2;
  moveTo(win, spot.left, bottom);
  return true;
}

function moveTo(win: HTMLElement, left: number, bottom: number): void {
  win.style.left = `${left}px`;
  win.style.right = 'auto';
  win.style.top = 'auto';
  win.style.bottom = `${bottom}px`;
}

function place(win: HTMLElement): void {
  if (dock(win)) return;
  win.classList.remove('docked', 'narrow');
  win.style.width = '';
  const rect = win.getBoundingClientRect();
  const spot = liveWindowSpot(
    { width: rect.width, height: rect.height },
    { width: window.innerWidth, height: window.innerHeight },
    keepOut(win),
    floor(),
  );
  moveTo(win, spot.left, spot.bottom);
}

const win = document.querySelector<HTMLElement>('[data-live-window]');
if (win) {
  const key = liveWindowClosedKey(document.body.dataset.shopId ?? '');
  const closed = () => {
    try {
      return sessionStorage.getItem(key) !== null;
    } catch {
      return false;
    }
  };
  // Once the shopper scrolls or touches it, the window stays where it is.
  let settled = false;
  const settle = () => {
    settled = true;
  };
  window.addEventListener('scroll', settle, { once: true, passive: true });
  win.addEventListener('pointerdown', settle);
  const sync = () => {
    win.hidden = closed();
    if (!win.hidden && !settled) place(win);
  };
  win.hidden = closed();
  // The first placement, and the next ones while the page moves under it (a notice strip shows,
  // a picture arrives): a ResizeObserver answers at most once a frame, after layout and before
  // the paint, so the window never shows unplaced and placing (which measures every text on
  // screen) is not repeated within a frame.
  new ResizeObserver(() => {
    if (!settled && !win.hidden) place(win);
  }).observe(document.body);
  window.addEventListener('load', () => sync(), { once: true });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) sync();
  });
  // The link and the cover inside must not start the browser's own drag of a link or picture.
  win.addEventListener('dragstart', (event) => event.preventDefault());
  dragWithinBounds(win);
  win.querySelector('[data-live-window-close]')?.addEventListener('click', (event) => {
    event.preventDefault();
    try {
      sessionStorage.setItem(key, '1');
    } catch {
      // Storage refused (private mode): closed for this page only.
    }
    win.hidden = true;
  });
}
