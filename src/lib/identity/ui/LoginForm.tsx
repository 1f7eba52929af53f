/**
 * The phone login form (shell §4, §5, §8), shared by login_web, phoneLogin and the login popup:
 * digits only (phone 11, code 6), 登录 enabled at 11 + 6 digits, the send-code button counting
 * 30 s down then reading 重新发送, the agreement to accept before logging in, and the form history
 * autofilled while younger than 30 minutes. The inputs carry no maxlength: the browser would cut
 * a pasted "138 0000 0001" before the spaces are dropped; keepDigits cuts after.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { ApiError } from '#lib/platform/client.ts';
import { loginWithCode, sendLoginCode } from '#lib/identity/index.ts';
import { Messages } from '#lib/platform/errors.ts';
import {
  CODE_DIGITS,
  PHONE_MAX_DIGITS,
  canSubmitLogin,
  keepDigits,
  loginFailureMessage,
  loginProblem,
  sendCodeProblem,
} from '#lib/identity/index.ts';
import { safeReturnPath } from '#lib/platform/back.ts';
import { toast } from '#lib/platform/toast.ts';
import { finishLoginForm, readLoginForm, saveLoginForm } from '#lib/identity/index.ts';
import SendCodeButton from './SendCodeButton.tsx';
import './LoginForm.css';

export interface LoginFormProps {
  shopId: string;
  /** Links to the registrationProtocol and userPrivacyPolicy pages, built by the page. */
  agreementHref: string;
  privacyHref: string;
  /** Where to go after logging in when the server names no page to return to. */
  doneHref: string;
  /** In the popup the shopper stays on the page, which reloads logged in. */
  inPopup?: boolean;
  autoFocus?: boolean;
}

export default function LoginForm(props: LoginFormProps) {
  const { shopId } = props;
  const id = useId();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentAt, setSentAt] = useState<number | undefined>(undefined);
  const [agreed, setAgreed] = useState(false);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const agreeInput = useRef<HTMLInputElement>(null);
  const [ready, setReady] = useState(false);

  // Autofill from the form history (shell §4), once, in the browser.
  useEffect(() => {
    const stored = readLoginForm(shopId);
    if (stored) {
      setPhone(stored.phone);
      setCode(stored.verifyCode);
      setSentAt(stored.sentAt);
    }
    setReady(true);
  }, [shopId]);

  /** The history follows what the shopper does (typing, sending), not what was autofilled. */
  const latest = useRef<{ phone: string; verifyCode: string; sentAt?: number | undefined }>({
    phone: '',
    verifyCode: '',
  });
  latest.current = { phone, verifyCode: code, sentAt };
  function update(next: { phone?: string; verifyCode?: string; sentAt?: number }) {
    const form = { ...latest.current, ...next };
    latest.current = form;
    setPhone(form.phone);
    setCode(form.verifyCode);
    setSentAt(form.sentAt);
    saveLoginForm(shopId, form);
  }

  async function send() {
    if (sending) return;
    const problem = sendCodeProblem(phone);
    if (problem) {
      toast(problem);
      return;
    }
    setSending(true);
    try {
      await sendLoginCode(phone);
      update({ sentAt: Date.now() });
      toast(Messages.CODE_SENT);
      codeInput.current?.focus();
    } catch (error) {
      toast(error instanceof ApiError && error.message ? error.message : Messages.SYSTEM_ERROR);
    } finally {
      setSending(false);
    }
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmitLogin(phone, code) || busy) return;
    const problem = loginProblem(phone);
    if (problem) {
      toast(problem);
      return;
    }
    if (!agreed) {
      toast(Messages.AGREEMENT_REQUIRED);
      agreeInput.current?.focus();
      return;
    }
    setBusy(true);
    try {
      // Ticked 我已阅读并同意: the shop's agreements are accepted with the login.
      const { returnTo } = await loginWithCode(phone, code, shopId);
      finishLoginForm(shopId, phone);
      if (props.inPopup) location.reload();
      else location.replace(safeReturnPath(returnTo ?? undefined) ?? props.doneHref);
    } catch (error) {
      const answer = error instanceof ApiError ? error : new ApiError(-1, '');
      toast(loginFailureMessage(answer.code, answer.message));
      setBusy(false);
    }
  }

  return (
    <form className="login-form" onSubmit={submit} noValidate data-ready={ready || undefined}>
      <div className="login-field">
        <label htmlFor={`${id}-phone`}>手机号</label>
        <input
          id={`${id}-phone`}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="请输入手机号"
          value={phone}
          autoFocus={props.autoFocus}
          onChange={(event) => update({ phone: keepDigits(event.target.value, PHONE_MAX_DIGITS) })}
        />
      </div>
      <div className="login-field">
        <label htmlFor={`${id}-code`}>验证码</label>
        <input
          id={`${id}-code`}
          ref={codeInput}
          name="verifyCode"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="请输入验证码"
          value={code}
          onChange={(event) => update({ verifyCode: keepDigits(event.target.value, CODE_DIGITS) })}
        />
        <SendCodeButton
          className="login-send"
          sentAt={sentAt}
          busy={sending}
          onSend={() => void send()}
        />
      </div>
      <button
        type="submit"
        className="login-submit"
        disabled={!canSubmitLogin(phone, code) || busy}
      >
        登录
      </button>
      <p className="login-agree">
        <input
          id={`${id}-agree`}
          ref={agreeInput}
          type="checkbox"
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <label htmlFor={`${id}-agree`}>我已阅读并同意</label>
        <a href={props.agreementHref}>《用户注册协议》</a>和
        <a href={props.privacyHref}>《隐私政策》</a>
      </p>
    </form>
  );
}
