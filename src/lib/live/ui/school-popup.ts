/**
 * The school popup's step of the home popups (shell §4): for a shop keeper (role 3, not
 * disabled — the server renders the dialog only for them, with the school's course live now or
 * next), once per shop and user: the school popup flag (shell §3) is kept in local storage and
 * set when it shows.
 */
import { userKey } from '#lib/platform/storage-keys.ts';
import { untilClosed } from '#lib/platform/popup-sequence.ts';

export function schoolPopupKey(shopId: string, userId: string): string {
  return userKey(shopId, userId, 'schoolPopup');
}

export function showSchoolPopup(dialog: HTMLDialogElement): Promise<boolean> {
  const { shopId = '', userId } = document.body.dataset;
  if (!userId) return Promise.resolve(false);
  const key = schoolPopupKey(shopId, userId);
  if (localStorage.getItem(key) !== null) return Promise.resolve(false);
  localStorage.setItem(key, dialog.dataset.schoolPopup ?? '1');
  // Not modal, like the shell's other dialogs: the page stays reachable behind its shade.
  dialog.show();
  return untilClosed(dialog);
}
