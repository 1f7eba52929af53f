/**
 * 收银台: the amount, the pay countdown (by the server's clock), the channel that works where the
 * page is open, and 确认支付. Paying goes the channel's way: inside the messaging app its pay
 * sheet (JSAPI), in a phone's browser the gateway's page (H5), on a computer a QR code the page
 * shows and then waits on (Native). One payment at a time: a second tap while one is opening does
 * nothing. When the deadline passes the page says so and leads to the order.
 */
import { useEffect, useRef, useState } from 'react';
import { formatYuan } from '#lib/platform/money.ts';
import type { OpenedPayment } from '#lib/payments/index.ts';
import { PaymentErrors } from '#lib/payments/index.ts';
import { toast } from '#lib/platform/toast.ts';
import { reloadWhenShownAgain } from '#lib/shell/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import {
  bridgePay,
  bridgeReady,
  checkArrival,
  memberAuthHref,
  openPayment,
  payTimeLeft,
  reportFailure,
  successUrl,
  type CashierProps,
} from '#lib/payments/index.ts';
import './Checkout.css';

/** How often a shown QR code asks whether its payment arrived. */
const POLL_MS = 2000;

/**
 * The server's clock minus this phone's, measured when the page's answer arrived (the server
 * wrote `serverNow` as it rendered), so a late hydration does not shift the countdown.
 */
function serverOffset(serverNow: number): number {
  const navigation = performance.getEntriesByType('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  const arrived =
    navigation && navigation.responseStart > 0
      ? performance.timeOrigin + navigation.responseStart
      : Date.now();
  return serverNow - arrived;
}

type Phase = 'ready' | 'busy' | 'qr' | 'expired';

export default function Checkout({ cashier, target, successHref, orderHref }: CashierProps) {
  const deadline = Date.parse(cashier.payDeadline);
  const serverNow = Date.parse(cashier.serverNow);
  const hydrated = useHydrated();
  // The first rendering is the server's, at its own time; the phone's ticks follow in an effect.
  const [left, setLeft] = useState<string | null>(() => payTimeLeft(deadline, serverNow));
  const [phase, setPhase] = useState<Phase>(() => (left === null ? 'expired' : 'ready'));
  const [channel, setChannel] = useState(cashier.channels[0]?.channel ?? null);
  const [opened, setOpened] = useState<OpenedPayment | null>(null);
  const busy = useRef(false);
  const amount = formatYuan(cashier.payCents);

  // The countdown, corrected by the server's clock; at the deadline the page stops taking payment.
  useEffect(() => {
    const offset = serverOffset(serverNow);
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const now = Date.now() + offset;
      const text = payTimeLeft(deadline, now);
      setLeft(text);
      if (text === null) {
        setPhase('expired');
        return;
      }
      timer = setTimeout(tick, 1000 - (now % 1000));
    };
    tick();
    return () => clearTimeout(timer);
  }, []);

  // Back from the gateway's page through the back-forward cache: take payment again.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setPhase((p) => (p === 'busy' ? 'ready' : p));
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  // A shown QR code: ask every 2 s whether it was paid, only while the page is seen and payable.
  useEffect(() => {
    if (phase !== 'qr' || !opened) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let asking = false;
    const poll = async () => {
      timer = undefined;
      if (stopped || asking || document.hidden) return;
      asking = true;
      try {
        const arrival = await checkArrival(opened.paymentNo);
        if (stopped) return;
        if (arrival.state === 'paid') {
          stopped = true;
          location.replace(successUrl(successHref, opened.paymentNo));
          return;
        }
        if (arrival.state === 'closed') {
          stopped = true;
          toast('支付已关闭，请重新支付');
          setOpened(null);
          setPhase('ready');
          busy.current = false;
          return;
        }
      } catch {
        // A lost answer: the next poll asks again.
      } finally {
        asking = false;
      }
      if (!stopped && !document.hidden) timer = setTimeout(poll, POLL_MS);
    };
    const visibility = () => {
      if (document.hidden) {
        clearTimeout(timer);
        timer = undefined;
      } else if (timer === undefined && !asking) {
        void poll();
      }
    };
    timer = setTimeout(poll, POLL_MS);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', visibility);
    };
  }, [phase, opened]);

  async function pay() {
    if (busy.current || phase !== 'ready' || !channel) return;
    busy.current = true;
    setPhase('busy');
    const settle = () => {
      busy.current = false;
      setPhase((p) => (p === 'busy' ? 'ready' : p));
    };
    // The bridge usually is there; waiting for it starts with the call, not after.
    const bridge = channel === 'jsapi' ? bridgeReady() : null;
    let payment: OpenedPayment;
    try {
      payment = await openPayment(target, channel);
    } catch (error) {
      const { code, message } = error as { code?: number; message?: string };
      if (message) toast(message);
      if (code === PaymentErrors.PAYER_UNKNOWN.code) {
        const href = await memberAuthHref();
        if (href) {
          location.href = href;
          return;
        }
      } else if (
        code === PaymentErrors.NOTHING_TO_PAY.code ||
        code === PaymentErrors.PAY_WINDOW_CLOSED.code
      ) {
        // Paid or cancelled meanwhile: the page shows what became of the orders.
        setTimeout(() => location.reload(), 1500);
        return;
      }
      settle();
      return;
    }

    if (payment.channel === 'h5' && payment.h5Url) {
      reloadWhenShownAgain();
      location.href = payment.h5Url;
      return;
    }
    if (payment.channel === 'native' && payment.qrSvg) {
      setOpened(payment);
      setPhase('qr');
      return;
    }
    if (payment.channel === 'jsapi' && payment.payRequest) {
      const found = await bridge;
      if (!found) {
        if (payment.sandboxCashierUrl) {
          // The sandbox outside the app: its own cashier page plays the pay sheet.
          reloadWhenShownAgain();
          location.href = payment.sandboxCashierUrl;
          return;
        }
        reportFailure('WeixinJSBridge missing', { paymentNo: payment.paymentNo });
        toast('支付失败，请重试');
        settle();
        return;
      }
      const outcome = await bridgePay(found, payment.payRequest);
      if (outcome === 'ok') {
        location.replace(successUrl(successHref, payment.paymentNo));
        return;
      }
      toast(outcome === 'cancel' ? '已取消支付' : '支付失败，请重试');
      settle();
      return;
    }
    reportFailure('unusable payment', { paymentNo: payment.paymentNo, channel: payment.channel });
    toast('支付失败，请重试');
    settle();
  }

  const expired = phase === 'expired';
  return (
    <div className="cashier" data-place={cashier.place}>
      <section className="cashier-amount" aria-label="支付金额">
        <p className="cashier-label">支付金额</p>
        <p className="cashier-yuan" data-pay-amount>
          <small>¥</small>
          {amount}
        </p>
        {expired ? (
          <p className="cashier-expired" role="status" data-expired>
            订单已超时取消
            <a href={orderHref}>查看订单</a>
          </p>
        ) : (
          <p className="cashier-deadline">
            支付剩余时间{' '}
            <time dateTime={cashier.payDeadline} data-pay-countdown>
              {left}
            </time>
          </p>
        )}
        <p className="cashier-orders" data-order-count={cashier.orderNos.length}>
          共{cashier.orderNos.length}笔订单
        </p>
      </section>

      {phase === 'qr' && opened?.qrSvg ? (
        <section className="cashier-qr" aria-labelledby="cashier-qr-title" data-qr>
          {/* The server drew the QR code of the gateway's code URL (no QR library here). */}
          <div
            className="cashier-qr-code"
            role="img"
            aria-label="微信支付二维码"
            dangerouslySetInnerHTML={{ __html: opened.qrSvg }}
          />
          <p id="cashier-qr-title" className="cashier-qr-title">
            请使用微信扫一扫完成支付
          </p>
          <p className="cashier-qr-amount">
            <small>¥</small>
            {formatYuan(opened.payCents)}
          </p>
          {opened.sandboxCashierUrl && (
            <a className="cashier-sandbox" href={opened.sandboxCashierUrl}>
              沙箱：模拟扫码支付
            </a>
          )}
        </section>
      ) : (
        <section className="cashier-channels" aria-labelledby="cashier-channels-title">
          <h2 id="cashier-channels-title">支付方式</h2>
          <ul>
            {cashier.channels.map((option) => (
              <li key={option.channel}>
                <label className="cashier-channel" data-channel={option.channel}>
                  <span className="cashier-wechat" aria-hidden="true">
                    <svg viewBox="0 0 24 24" width="22" height="22">
                      <path d="M9 4C5.1 4 2 6.6 2 9.9c0 1.9 1 3.5 2.6 4.6L4 16.6l2.4-1.3c.8.2 1.7.4 2.6.4h.5a5 5 0 0 1-.2-1.4C9.3 11 12.3 8.6 16 8.6h.5C15.8 6 12.7 4 9 4Zm7 5.8c-3.3 0-6 2.2-6 5s2.7 5 6 5c.7 0 1.4-.1 2-.3l2 1.1-.5-1.8c1.4-.9 2.5-2.4 2.5-4 0-2.8-2.7-5-6-5Z" />
                    </svg>
                  </span>
                  <span className="cashier-channel-text">
                    <span className="cashier-channel-name">{option.name}</span>
                    <span className="cashier-channel-hint">{option.hint}</span>
                  </span>
                  <input
                    type="radio"
                    name="pay-channel"
                    value={option.channel}
                    checked={channel === option.channel}
                    disabled={expired}
                    onChange={() => setChannel(option.channel)}
                  />
                </label>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="cashier-bar" data-bottom-bar>
        <button
          type="button"
          disabled={!hydrated || phase !== 'ready' || !channel}
          onClick={pay}
          data-pay-button
        >
          {expired
            ? '支付已超时'
            : phase === 'busy'
              ? '正在支付…'
              : phase === 'qr'
                ? '等待扫码支付…'
                : `确认支付 ¥${amount}`}
        </button>
      </div>
    </div>
  );
}
