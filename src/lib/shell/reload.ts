/**
 * Shell §4 "on pageshow a stored flag triggers a reload": a page whose data another page changes
 * (the order list after paying, the cart after checkout) marks itself before leaving, and the
 * shell reloads it when the back-forward cache brings it back.
 */
import { deviceKey } from '#lib/platform/storage-keys.ts';

export const RELOAD_ON_SHOW_KEY = deviceKey('reloadOnShow');

export function reloadWhenShownAgain(): void {
  sessionStorage.setItem(RELOAD_ON_SHOW_KEY, '1');
}
