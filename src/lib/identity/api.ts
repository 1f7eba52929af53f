/**
 * The login calls of the browser (shell §7): send a login code, log in with it, log out. Every
 * call goes through the one request client; login calls carry the login channel.
 */
import { ApiError, call, setSigningOut } from '#lib/platform/client.ts';
import { Messages, isLoginInvalid } from '#lib/platform/errors.ts';
import { toast } from '#lib/platform/toast.ts';
import { askConfirm } from '../../ui/confirm.ts';
import type { LoginResult } from './contracts.ts';
import * as IdentityEndpoints from './endpoints.ts';

/** Sends a login code (type 2). The caller shows the contract's message or the refusal. */
export function sendLoginCode(phone: string): Promise<null> {
  return call(
    IdentityEndpoints.sendLoginCode,
    { body: { phone, type: 2 } },
    { loginChannel: true, silent: true },
  );
}

/**
 * Logs in with a code; the server sets the session cookie. `agreedShopId`: the shop whose user
 * agreement and privacy policy the shopper accepted on the form (recorded with the login).
 */
export function loginWithCode(
  phone: string,
  verifyCode: string,
  agreedShopId?: string,
): Promise<LoginResult> {
  return call(
    IdentityEndpoints.login,
    { body: { phone, verifyCode, ...(agreedShopId ? { agreedShopId } : {}) } },
    { loginChannel: true, silent: true },
  );
}

/**
 * Logs out (the server destroys the session and clears its cookies), then goes to `homeHref`,
 * the shop's index link built by the page. When the session could not be ended the shopper
 * stays, told why.
 */
export async function logout(homeHref: string): Promise<void> {
  setSigningOut(true);
  try {
    await call(IdentityEndpoints.logout, {}, { silent: true });
  } catch (error) {
    const answer = error instanceof ApiError ? error : new ApiError(-1, '');
    // "Not logged in" means there is no session left to end; anything else leaves it running.
    if (!isLoginInvalid(answer.code, answer.message)) {
      setSigningOut(false);
      toast(answer.message || Messages.SYSTEM_ERROR);
      return;
    }
  }
  location.replace(homeHref);
}

/**
 * Wires every `[data-logout]` element of the page (now and later) to `logout`, asked first in
 * the page's `logout` ConfirmDialog (src/ui) when it has one. The element names where to go next
 * in `data-href` (or its own `href`): `<button data-logout data-href={index}>`.
 */
export function bindLogoutButtons(root: Document = document): void {
  root.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-logout]') : null;
    if (!(target instanceof HTMLElement)) return;
    event.preventDefault();
    if (target.dataset.busy === 'true') return;
    target.dataset.busy = 'true';
    const href = target.dataset.href ?? target.getAttribute('href') ?? '/';
    void askConfirm(LOGOUT_DIALOG, root)
      .then((sure) => (sure ? logout(href) : undefined))
      .finally(() => delete target.dataset.busy);
  });
}

/** The name of the 退出登录 ConfirmDialog a page with a logout button carries. */
export const LOGOUT_DIALOG = 'logout';
