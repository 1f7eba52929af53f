/**
 * Login in the browser: whether the login popup is open, and the login form history of each shop
 * (shell §3, §4): `shop:{shopId}:loginForm` in localStorage holds the form as typed (phone,
 * verifyCode), when it was saved and when a code was last sent. It is autofilled while younger
 * than 30 minutes; after a successful login only the phone is kept, so a used code never stays.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, type WritableAtom } from 'nanostores';
import { freshLoginForm, loginFormKey, type StoredLoginForm } from './login.ts';

export const $loginPopupOpen = atom(false);

export function openLoginPopup(): void {
  $loginPopupOpen.set(true);
}

export function closeLoginPopup(): void {
  $loginPopupOpen.set(false);
}

const forms = new Map<string, WritableAtom<StoredLoginForm | null>>();

/** The stored login form of a shop, as a store (one per shop and page). */
export function loginFormStore(shopId: string): WritableAtom<StoredLoginForm | null> {
  let store = forms.get(shopId);
  if (!store) {
    store = persistentAtom<StoredLoginForm | null>(loginFormKey(shopId), null, {
      encode: (value) => (value ? JSON.stringify(value) : undefined),
      decode: (text) => {
        try {
          return JSON.parse(text) as StoredLoginForm;
        } catch {
          return null;
        }
      },
    });
    forms.set(shopId, store);
  }
  return store;
}

function write(shopId: string, value: StoredLoginForm | null): void {
  try {
    loginFormStore(shopId).set(value);
  } catch {
    // Storage full or switched off (private mode): the history is a convenience.
  }
}

/** The form to autofill, or null; a stale or broken entry is removed on the way. */
export function readLoginForm(shopId: string, now = Date.now()): StoredLoginForm | null {
  const stored = loginFormStore(shopId).get();
  const form = freshLoginForm(stored, now);
  if (!form && stored !== null) write(shopId, null);
  return form;
}

/** Saves the form as typed (called on every change and on each code sent). */
export function saveLoginForm(
  shopId: string,
  form: { phone: string; verifyCode: string; sentAt?: number | undefined },
  now = Date.now(),
): void {
  const value: StoredLoginForm = { phone: form.phone, verifyCode: form.verifyCode, savedAt: now };
  if (form.sentAt !== undefined) value.sentAt = form.sentAt;
  write(shopId, value);
}

/** After a successful login: keep the phone for next time, forget the code. */
export function finishLoginForm(shopId: string, phone: string, now = Date.now()): void {
  write(shopId, { phone, verifyCode: '', savedAt: now });
}
