/**
 * The small live window in the browser (shell §2): shown unless the shopper closed it in this
 * browser session for this shop; dragged within 15 px of the left and 55 px of the bottom; ✕
 * closes it (sessionStorage, per shop). A page restored from the back-forward cache checks again,
 * so a window closed on another page stays closed here too.
 */
import { liveWindowClosedKey } from '#lib/live/index.ts';
import { dragWithinBounds } from '#lib/shell/index.ts';

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
  const sync = () => {
    win.hidden = closed();
  };
  sync();
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
