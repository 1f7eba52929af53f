/**
 * The send-code button of every code form (login, phone binding, administrator application):
 * its first label, then the seconds left of the 30 s countdown (30s … 1s), then 重新发送
 * (shell §5, §9). The server refuses a resend for exactly as long (decision 010).
 *
 * The form owns `sentAt` (the login form keeps it in its history, so a reopened form keeps
 * counting); the button only keeps time.
 */
import { useEffect, useState } from 'react';
import { countdownLeft, sendButtonLabel } from '#lib/identity/index.ts';

export interface SendCodeButtonProps {
  /** When this form's last code was sent (ms since epoch); undefined before the first. */
  sentAt: number | undefined;
  onSend: () => void;
  /** A send or another request of the form is under way. */
  busy?: boolean;
  className: string;
  /** What the button reads before the first code: 获取验证码 unless the form says otherwise. */
  label?: string;
}

export default function SendCodeButton(props: SendCodeButtonProps) {
  const { sentAt } = props;
  const [now, setNow] = useState(() => Date.now());
  // A code sent after the last tick counts from its own time, never from a stale clock.
  const left = countdownLeft(sentAt, Math.max(now, sentAt ?? now));

  useEffect(() => {
    if (left <= 0 || sentAt === undefined) return;
    // Tick on the whole seconds after sentAt, so 30s … 1s each last a second.
    const timer = setTimeout(() => setNow(Date.now()), 1000 - ((Date.now() - sentAt) % 1000));
    return () => clearTimeout(timer);
  }, [left, sentAt, now]);

  const text =
    sentAt === undefined && props.label ? props.label : sendButtonLabel(left, sentAt !== undefined);
  return (
    <button
      type="button"
      className={props.className}
      disabled={left > 0 || props.busy}
      // A description, not the name: the button is named by what it reads (30s … 1s).
      title={left > 0 ? `${left}秒后可重新发送` : undefined}
      onClick={props.onSend}
    >
      {text}
    </button>
  );
}
