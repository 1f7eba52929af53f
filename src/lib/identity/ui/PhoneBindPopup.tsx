/**
 * The phone-binding popup inside the messaging app (commerce §2 "Popups", §4, §8; shell §4, §5,
 * §9). Mounted only for a signed-in account without a phone in the app (needIntercept).
 *
 * - It opens by itself at most once per 24 hours: the time it opens and the time 跳过 is tapped
 *   are stored in `shop:{shopId}:u:{userId}:skipInterceptAt`.
 * - A tap on the 我的 tab opens it instead of switching tab, whatever the 24 hours say.
 * - Initial: the phone the app reported, with 确认绑定, or 绑定其他手机号 (phone + SMS code).
 *   Bound: 绑定成功, closed, and the page (or 我的, when that tap opened it) loads bound.
 *   Failed: the server's message as a toast and under the form (该手机号已绑定账户，请绑定其他手机号);
 *   another number or 跳过.
 */
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, call } from '#lib/platform/client.ts';
import { IdentityEndpoints, type BindPhoneStatus } from '#lib/identity/index.ts';
import { Messages } from '#lib/platform/errors.ts';
import { interceptDue, myTabAction, skipInterceptKey, storedTime } from '#lib/identity/index.ts';
import {
  CODE_DIGITS,
  PHONE_MAX_DIGITS,
  canSubmitLogin,
  keepDigits,
  maskPhone,
  sendCodeProblem,
} from '#lib/identity/index.ts';
import { toast } from '#lib/platform/toast.ts';
import SendCodeButton from './SendCodeButton.tsx';
import './PhoneBindPopup.css';

interface Props {
  shopId: string;
  userId: number;
}

const MY_TAB = 'nav[aria-label="主导航"] a[data-tab="my"]';

/** null: closed; otherwise why it is open and where to go once bound. */
type Opening = { by: 'intercept' } | { by: 'my-tab'; href: string };
const $opening = atom<Opening | null>(null);
/** Whether the account still needs a phone: true where the island is placed, until the check says. */
let needed = true;

// Listening starts as soon as this module loads: the island is only on pages that need it.
if (typeof document !== 'undefined') {
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest(MY_TAB) : null;
    if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented) return;
    if (myTabAction(needed) !== 'popup') return;
    event.preventDefault();
    $opening.set({ by: 'my-tab', href: link.href });
  });
}

function readStored(key: string): number | null {
  try {
    return storedTime(localStorage.getItem(key), Date.now());
  } catch {
    return null;
  }
}

function store(key: string): void {
  try {
    localStorage.setItem(key, String(Date.now()));
  } catch {
    // Private mode: the intercept simply runs again next time.
  }
}

export default function PhoneBindPopup({ shopId, userId }: Props) {
  const opening = useStore($opening);
  const key = skipInterceptKey(shopId, userId);
  const [status, setStatus] = useState<BindPhoneStatus | null>(null);
  const [view, setView] = useState<'default' | 'other'>('default');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentAt, setSentAt] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  // The account's binding, then the automatic intercept when it is due.
  useEffect(() => {
    let live = true;
    call(IdentityEndpoints.bindPhoneCheck, { query: { shopBizCode: shopId } }, { silent: true })
      .then((answer) => {
        if (!live) return;
        needed = answer.needIntercept;
        setStatus(answer);
        if (!answer.userDefaultPhone) setView('other');
        if (
          $opening.get() === null &&
          interceptDue(answer.needIntercept, readStored(key), Date.now())
        ) {
          store(key);
          $opening.set({ by: 'intercept' });
        }
      })
      .catch(() => {
        // A failed check skips the step (shell §8); a tap on 我的 still opens the form.
        if (live) setView('other');
      });
    return () => {
      live = false;
    };
  }, [key, shopId]);

  const open = opening !== null && (status === null || status.needIntercept);

  useEffect(() => {
    if (!open) return;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    dialog.current?.querySelector<HTMLElement>('button, input')?.focus();
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [open, view]);

  if (!open) return null;

  const skip = () => {
    store(key);
    setError('');
    $opening.set(null);
  };

  const bind = async (target: string, verifyCode?: string) => {
    setBusy(true);
    setError('');
    try {
      await call(IdentityEndpoints.bindPhone, {
        query: { shopBizCode: shopId },
        body: verifyCode ? { phone: target, verifyCode } : { phone: target },
      });
      toast(IdentityEndpoints.bindPhone.message);
      const after = opening;
      $opening.set(null);
      setTimeout(() => {
        if (after?.by === 'my-tab') location.assign(after.href);
        else location.reload();
      }, 600);
    } catch (failure) {
      // The request client has shown the server's message as a toast; keep it under the form.
      setError(
        failure instanceof ApiError && failure.message ? failure.message : Messages.SYSTEM_ERROR,
      );
      if (failure instanceof ApiError && verifyCode === undefined) setView('other');
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    const problem = sendCodeProblem(phone);
    if (problem) {
      toast(problem);
      return;
    }
    setBusy(true);
    try {
      await call(IdentityEndpoints.sendBindCode, {
        query: { shopBizCode: shopId },
        body: { phone },
      });
      setSentAt(Date.now());
      toast(IdentityEndpoints.sendBindCode.message);
    } catch {
      // Shown by the request client.
    } finally {
      setBusy(false);
    }
  };

  const defaultPhone = status?.userDefaultPhone ?? null;

  return (
    <div className="bind-popup-backdrop">
      <div
        className="bind-popup"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={dialog}
      >
        <h2 id={titleId}>绑定手机号</h2>
        <p className="bind-popup-lead">为了保障账户安全，请绑定手机号</p>
        {view === 'default' && defaultPhone ? (
          <div className="bind-popup-default">
            <p className="bind-popup-phone">
              <span>微信绑定的手机号</span>
              <strong>{maskPhone(defaultPhone)}</strong>
            </p>
            {error && (
              <p className="bind-popup-error" role="alert">
                {error}
              </p>
            )}
            <button
              type="button"
              className="bind-popup-primary"
              disabled={busy}
              onClick={() => void bind(defaultPhone)}
            >
              确认绑定
            </button>
            <button
              type="button"
              className="bind-popup-secondary"
              onClick={() => {
                setError('');
                setView('other');
              }}
            >
              绑定其他手机号
            </button>
          </div>
        ) : (
          <form
            className="bind-popup-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (canSubmitLogin(phone, code) && !busy) void bind(phone, code);
            }}
          >
            <div className="bind-popup-field">
              <label htmlFor={`${titleId}-phone`}>手机号</label>
              <input
                id={`${titleId}-phone`}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="请输入手机号"
                value={phone}
                onChange={(event) => setPhone(keepDigits(event.target.value, PHONE_MAX_DIGITS))}
              />
            </div>
            <div className="bind-popup-field">
              <label htmlFor={`${titleId}-code`}>验证码</label>
              <input
                id={`${titleId}-code`}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="请输入验证码"
                value={code}
                onChange={(event) => setCode(keepDigits(event.target.value, CODE_DIGITS))}
              />
              <SendCodeButton
                className="bind-popup-send"
                sentAt={sentAt}
                busy={busy}
                onSend={() => void send()}
              />
            </div>
            {error && (
              <p className="bind-popup-error" role="alert">
                {error}
              </p>
            )}
            <button
              type="submit"
              className="bind-popup-primary"
              disabled={busy || !canSubmitLogin(phone, code)}
            >
              确认绑定
            </button>
            {defaultPhone && (
              <button
                type="button"
                className="bind-popup-secondary"
                onClick={() => {
                  setError('');
                  setView('default');
                }}
              >
                使用微信绑定的手机号
              </button>
            )}
          </form>
        )}
        <button type="button" className="bind-popup-skip" onClick={skip}>
          跳过
        </button>
      </div>
    </div>
  );
}
