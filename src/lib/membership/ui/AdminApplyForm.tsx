/**
 * The two ways to become the shop's administrator with the owner's consent:
 *
 * - SMS: a code goes to the owner's phone; the applicant enters what the owner passes on.
 * - QR: a grant link shown as a QR code with a six-digit check code both screens show; the page
 *   asks every 2 s whether the owner has approved, for the grant's 10 minutes. The code on show
 *   is kept for the tab (`shop:{shopId}:u:{userId}:adminQr`), so a reload keeps waiting.
 *
 * Either way the page reloads as administrator.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Messages } from '#lib/platform/errors.ts';
import { userKey } from '#lib/platform/storage-keys.ts';
import { CODE_DIGITS, keepDigits } from '#lib/identity/index.ts';
import {
  ADMIN_GRANT_POLL_MS,
  ADMIN_GRANT_TTL_MS,
  newUserVerifyCode,
} from '#lib/membership/index.ts';
import {
  bindWithOwnerCode,
  checkAdministrator,
  createQrGrant,
  sendOwnerCode,
} from '#lib/membership/index.ts';
import { toast } from '#lib/platform/toast.ts';
import SendCodeButton from '../../identity/ui/SendCodeButton.tsx';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './AdminApply.css';

interface Props {
  shopId: string;
  userId: number;
  /** Whose phone the code goes to, masked: told before sending. */
  smsHint: string;
}

/** The QR code on show. */
interface ShownGrant {
  qrSvg: string;
  code: string;
  /** By this phone's clock, whatever its skew: the grant was made just before. */
  deadline: number;
}

type QrState = 'waiting' | 'expired' | 'bound';
const QR_STATE_TEXT: Record<QrState, string> = {
  waiting: '等待店主授权…二维码 10 分钟内有效',
  expired: '二维码已过期，请重新生成',
  bound: Messages.ADMIN_BOUND,
};
/** Long enough to read the toast before the page reloads as administrator. */
const RELOAD_AFTER_MS = 1200;

function reloadAsAdministrator(): void {
  toast(Messages.ADMIN_BOUND);
  setTimeout(() => location.reload(), RELOAD_AFTER_MS);
}

function readShown(key: string): ShownGrant | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(key) ?? 'null') as ShownGrant | null;
    if (kept && typeof kept.deadline === 'number' && kept.deadline > Date.now()) return kept;
  } catch {
    // Unreadable: dropped below.
  }
  sessionStorage.removeItem(key);
  return null;
}

export default function AdminApplyForm({ shopId, userId, smsHint }: Props) {
  return (
    <>
      <SmsWay shopId={shopId} smsHint={smsHint} />
      <p className="or" aria-hidden="true">
        <span>或</span>
      </p>
      <QrWay shopId={shopId} userId={userId} />
    </>
  );
}

function SmsWay({ shopId, smsHint }: { shopId: string; smsHint: string }) {
  const [code, setCode] = useState('');
  const [sentAt, setSentAt] = useState<number | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const [binding, setBinding] = useState(false);
  const hydrated = useHydrated();

  async function send() {
    setSending(true);
    try {
      await sendOwnerCode(shopId);
      setSentAt(Date.now());
      toast(Messages.CODE_SENT);
    } catch {
      // The request client has shown why.
    } finally {
      setSending(false);
    }
  }

  async function bind(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (code.length !== CODE_DIGITS || binding) return;
    setBinding(true);
    try {
      await bindWithOwnerCode(shopId, code);
      reloadAsAdministrator();
    } catch {
      setBinding(false);
    }
  }

  return (
    <form className="steps" onSubmit={bind} noValidate>
      <ol>
        <li>
          <h2>请店主授权</h2>
          <p>{smsHint}</p>
          <SendCodeButton
            className="secondary"
            label="发送验证码给店主"
            sentAt={sentAt}
            busy={sending || !hydrated}
            onSend={() => void send()}
          />
        </li>
        <li>
          <h2>输入验证码</h2>
          <label className="code">
            <span>验证码</span>
            <input
              name="verifyCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="6 位数字"
              required
              value={code}
              onChange={(event) => setCode(keepDigits(event.target.value, CODE_DIGITS))}
            />
          </label>
        </li>
      </ol>
      <button
        type="submit"
        className="primary"
        disabled={code.length !== CODE_DIGITS || binding || !hydrated}
      >
        确认成为管理员
      </button>
    </form>
  );
}

function QrWay({ shopId, userId }: { shopId: string; userId: number }) {
  const key = userKey(shopId, userId, 'adminQr');
  const [shown, setShown] = useState<ShownGrant | null>(null);
  const [state, setState] = useState<QrState>('waiting');
  const [creating, setCreating] = useState(false);
  const hydrated = useHydrated();
  const panel = useRef<HTMLDivElement>(null);
  const scrollToPanel = useRef(false);

  // Back on this page while a QR code is still open: show it again and keep waiting.
  useEffect(() => setShown(readShown(key)), [key]);

  useEffect(() => {
    if (scrollToPanel.current)
      panel.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    scrollToPanel.current = false;
  }, [shown]);

  // Wait for the owner: ask every 2 s until approved or the grant's time is up.
  useEffect(() => {
    if (!shown || state !== 'waiting') return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const round = () => {
      timer = setTimeout(async () => {
        if (Date.now() >= shown.deadline) {
          sessionStorage.removeItem(key);
          setState('expired');
          return;
        }
        try {
          const answer = await checkAdministrator(shopId);
          if (!live) return;
          if (answer.administrator) {
            sessionStorage.removeItem(key);
            setState('bound');
            reloadAsAdministrator();
            return;
          }
        } catch {
          // A missed answer is asked again on the next round.
        }
        if (live) round();
      }, ADMIN_GRANT_POLL_MS);
    };
    round();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [shown, state, shopId, key]);

  async function create() {
    setCreating(true);
    const code = newUserVerifyCode();
    try {
      const grant = await createQrGrant(shopId, code);
      const next = { qrSvg: grant.qrSvg, code, deadline: Date.now() + ADMIN_GRANT_TTL_MS };
      sessionStorage.setItem(key, JSON.stringify(next));
      scrollToPanel.current = true;
      setState('waiting');
      setShown(next);
    } catch {
      // The request client has shown why.
    } finally {
      setCreating(false);
    }
  }

  return (
    <div className="steps qr-way">
      <h2>店主在身边？</h2>
      <p>生成二维码，请店主用微信扫一扫，核对码一致后点“同意授权”。</p>
      <button
        type="button"
        className="secondary"
        disabled={creating || !hydrated}
        onClick={() => void create()}
      >
        {shown ? '重新生成二维码' : '让店主扫码授权'}
      </button>
      {shown && (
        <div className="qr-panel" ref={panel}>
          <figure
            className={state === 'expired' ? 'qr expired' : 'qr'}
            aria-label="授权二维码"
            // Our own server's SVG of our own link: paths only.
            dangerouslySetInnerHTML={{ __html: shown.qrSvg }}
          />
          <p className="check-label">核对码</p>
          <p className="digits" data-qr-code>
            {shown.code}
          </p>
          <p className="hint" role="status">
            {QR_STATE_TEXT[state]}
          </p>
        </div>
      )}
    </div>
  );
}
