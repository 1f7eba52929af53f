/**
 * The login popup (shell §4, commerce §2/§8): the login form in a bottom sheet over any page.
 * It opens on `openLoginPopup()`, on a click on any `[data-open-login]` element (a link to
 * login_web, so it works before this island has loaded), when the request client reports a
 * logged-out answer on a live page (`shop:login-required`), and at once on a page the guard
 * marked `data-need-login="true"`. After logging in the page reloads, logged in.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { $loginPopupOpen, closeLoginPopup, openLoginPopup } from '#lib/identity/index.ts';
import LoginForm, { type LoginFormProps } from './LoginForm.tsx';
import './LoginPopup.css';

type Props = Omit<LoginFormProps, 'inPopup' | 'autoFocus'>;

let opener: Element | null = null;

// Listening starts as soon as this module loads, before the island has hydrated.
if (typeof document !== 'undefined') {
  document.addEventListener('click', (event) => {
    const target =
      event.target instanceof Element ? event.target.closest('[data-open-login]') : null;
    if (!target || event.defaultPrevented) return;
    event.preventDefault();
    openLoginPopup();
  });
  document.addEventListener('shop:login-required', openLoginPopup);
  // Focus goes back to whatever had it when the popup opened.
  $loginPopupOpen.listen((open) => {
    if (open) opener = document.activeElement;
  });
  if (document.body.dataset.needLogin === 'true') openLoginPopup();
}

export default function LoginPopup(props: Props) {
  const open = useStore($loginPopupOpen);
  const titleId = useId();
  // The server rendered it closed: open only once hydrated, whatever the store says by then.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeLoginPopup();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [open]);

  if (!open || !mounted) return null;
  // Rendered at the end of the body: a page may mount the island inside a sticky or positioned
  // box, whose stacking context would otherwise put the shell's buttons over the sheet.
  return createPortal(
    <div
      className="login-popup-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) closeLoginPopup();
      }}
    >
      <div className="login-popup" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="login-popup-head">
          <h2 id={titleId}>手机号登录</h2>
          <button
            type="button"
            className="login-popup-close"
            aria-label="关闭"
            onClick={closeLoginPopup}
          >
            ×
          </button>
        </div>
        <LoginForm {...props} inPopup autoFocus />
      </div>
    </div>,
    document.body,
  );
}
