/**
 * 解除店主绑定: a code to the keeper's own phone, then 确认解除 with it. Once unbound the keeper is a
 * customer of the shop: the page goes on to the my page.
 */
import { useState, type SubmitEvent } from 'react';
import { call } from '#lib/platform/client.ts';
import { CODE_DIGITS, keepDigits } from '#lib/identity/index.ts';
import { RecruitingEndpoints } from '#lib/recruiting/index.ts';
import { toast } from '#lib/platform/toast.ts';
import SendCodeButton from '../../identity/ui/SendCodeButton.tsx';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './Recruiting.css';

interface Props {
  shopId: string;
  /** The keeper's phone, masked. */
  phone: string;
  /** Where to go once unbound. */
  doneHref: string;
}

export default function UnbindForm({ shopId, phone, doneHref }: Props) {
  const [code, setCode] = useState('');
  const [sentAt, setSentAt] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const query = { shopBizCode: shopId };

  async function send() {
    setBusy(true);
    try {
      await call(RecruitingEndpoints.unbindCode, { query });
      setSentAt(Date.now());
      toast(RecruitingEndpoints.unbindCode.message);
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  }

  async function unbind(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.length !== CODE_DIGITS || busy) return;
    if (!confirm('解除后你将不再是本店店主，确定解除吗？')) return;
    setBusy(true);
    try {
      await call(RecruitingEndpoints.unbind, { query, body: { verifyCode: code } });
      toast(RecruitingEndpoints.unbind.message);
      setTimeout(() => location.assign(doneHref), 1200);
    } catch {
      setBusy(false);
    }
  }

  return (
    <form className="rc-form" onSubmit={unbind} noValidate data-unbind-form>
      <p className="rc-count">验证码将发送至 {phone}</p>
      <div className="rc-code">
        <input
          name="verifyCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="6 位验证码"
          aria-label="验证码"
          value={code}
          onChange={(event) => setCode(keepDigits(event.target.value, CODE_DIGITS))}
        />
        <SendCodeButton
          className="rc-secondary"
          sentAt={sentAt}
          busy={busy || !hydrated}
          onSend={() => void send()}
        />
      </div>
      <button
        type="submit"
        className="rc-primary"
        disabled={code.length !== CODE_DIGITS || busy || !hydrated}
      >
        确认解除
      </button>
    </form>
  );
}
