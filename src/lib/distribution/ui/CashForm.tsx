/**
 * 申请提现: where the money goes (微信零钱 — for a keeper signed in inside WeChat — or a bound
 * bank card where cards are paid, decision 033), the amount (yuan, at most two decimals) and the
 * card; 全部提现 fills in the whole available balance. The fee, a person's tax (estimated by the
 * cumulative method from their payouts this year, as the server will withhold it) and what
 * arrives are shown in a confirm step before anything is sent; the server checks and computes
 * everything again. One idempotency key per page, so a repeated tap is
 * one withdrawal. On success the withdrawal's own page opens.
 */
import { useId, useMemo, useState } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { applyWithdrawal } from '#lib/distribution/index.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { withdrawalFeeCents, yuanToCents } from '#lib/distribution/index.ts';
import { withholdingFor, type EarlierPayout } from '#lib/certification/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './Modal.css';
import './CashForm.css';

interface Props {
  availableCents: number;
  minCents: number;
  maxCents: number;
  feeRule: string;
  cards: { id: number; label: string }[];
  /** 微信零钱: offered, offered once signed in inside WeChat, or not at all. */
  wallet: 'ok' | 'needs-wechat' | 'off';
  /** Whether bank cards are paid here. */
  cardsOn: boolean;
  /** 去绑定银行卡, coming back here. */
  bindHref: string;
  /** cash/{withdrawalNo} with the page's shop query: `{no}` is replaced. */
  detailHref: string;
  /** A person's payouts this year: the tax the server will withhold, estimated the same way. */
  taxEstimate: { day: string; earlier: EarlierPayout[] } | null;
}

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export default function CashForm(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [text, setText] = useState('');
  const [cardId, setCardId] = useState(props.cards[0]?.id ?? 0);
  const [destination, setDestination] = useState<'wechat' | 'card'>(
    props.wallet === 'ok' || !props.cardsOn ? 'wechat' : 'card',
  );
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const key = useMemo(newKey, []);
  const cents = yuanToCents(text);
  const card = props.cards.find((c) => c.id === cardId);
  const toWallet = destination === 'wechat';
  const targetLabel = toWallet ? '微信零钱' : card?.label;

  function problem(): string | null {
    if (cents === null || cents === 0) return '请输入正确的提现金额';
    if (cents < props.minCents) return `提现金额不能低于${formatYuan(props.minCents)}元`;
    if (cents > props.maxCents) return `单笔提现金额不能超过${formatYuan(props.maxCents)}元`;
    if (cents > props.availableCents) return '提现金额不能超过可提现余额';
    if (toWallet && props.wallet !== 'ok') return '请在微信内打开后提现到微信零钱';
    if (!toWallet && !card) return '请先绑定银行卡';
    return null;
  }

  function ask(event: React.FormEvent) {
    event.preventDefault();
    const wrong = problem();
    if (wrong) {
      toast(wrong);
      return;
    }
    setConfirming(true);
  }

  async function send() {
    if (busy || cents === null || !targetLabel) return;
    setBusy(true);
    try {
      const { withdrawalNo } = await applyWithdrawal({
        amountCents: cents,
        destination,
        ...(toWallet || !card ? {} : { bankCardId: card.id }),
        idempotencyKey: key,
      });
      toast('提现申请已提交', 1500);
      location.assign(props.detailHref.replace(/\{no\}|%7Bno%7D/, withdrawalNo));
    } catch {
      setBusy(false);
      setConfirming(false);
    }
  }

  const fee = cents === null ? 0 : withdrawalFeeCents(cents);
  const tax =
    cents && props.taxEstimate
      ? withholdingFor({ ...props.taxEstimate, incomeCents: cents }).taxCents
      : 0;
  return (
    <form className="cash-form" onSubmit={ask} noValidate>
      <fieldset className="cash-to">
        <legend>提现到</legend>
        {props.wallet !== 'off' && (
          <label className="cash-to-option" data-destination="wechat">
            <input
              type="radio"
              name="destination"
              value="wechat"
              checked={toWallet}
              disabled={!hydrated || props.wallet !== 'ok'}
              onChange={() => setDestination('wechat')}
            />
            <span>微信零钱</span>
            {props.wallet !== 'ok' && <small>请在微信内打开后使用</small>}
          </label>
        )}
        {props.cardsOn && (
          <label className="cash-to-option" data-destination="card">
            <input
              type="radio"
              name="destination"
              value="card"
              checked={!toWallet}
              disabled={!hydrated}
              onChange={() => setDestination('card')}
            />
            <span>银行卡</span>
          </label>
        )}
      </fieldset>
      {!toWallet &&
        (props.cards.length > 0 ? (
          <label className="cash-card" htmlFor={`${id}-card`}>
            <span>到账银行卡</span>
            <select
              id={`${id}-card`}
              value={cardId}
              disabled={!hydrated}
              onChange={(e) => setCardId(Number(e.target.value))}
            >
              {props.cards.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <a className="cash-bind" href={props.bindHref}>
            去绑定银行卡
          </a>
        ))}
      <label className="cash-amount" htmlFor={`${id}-amount`}>
        <span>提现金额</span>
        <span className="cash-input">
          <b aria-hidden="true">¥</b>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            placeholder={`最低${formatYuan(props.minCents)}元`}
            value={text}
            maxLength={11}
            onChange={(e) => setText(e.target.value.replace(/[^\d.]/g, ''))}
          />
        </span>
      </label>
      <p className="cash-available">
        可提现余额 ¥<span data-cash-available>{formatYuan(props.availableCents)}</span>
        <button
          type="button"
          className="cash-all"
          disabled={!hydrated || props.availableCents <= 0}
          onClick={() => setText(formatYuan(Math.min(props.availableCents, props.maxCents)))}
        >
          全部提现
        </button>
      </p>
      <p className="cash-rule">{props.feeRule}</p>
      <button type="submit" className="cash-submit" disabled={!hydrated || busy}>
        提现
      </button>
      {confirming && cents !== null && targetLabel && (
        <div className="dist-modal" role="presentation">
          <div
            className="dist-modal-card"
            role="dialog"
            aria-modal="true"
            aria-labelledby={`${id}-t`}
          >
            <h2 id={`${id}-t`}>确认提现</h2>
            <dl>
              <div>
                <dt>提现金额</dt>
                <dd>¥{formatYuan(cents)}</dd>
              </div>
              <div>
                <dt>手续费</dt>
                <dd>¥{formatYuan(fee)}</dd>
              </div>
              {props.taxEstimate && (
                <div>
                  <dt>代扣个人所得税</dt>
                  <dd data-cash-tax>¥{formatYuan(tax)}</dd>
                </div>
              )}
              <div>
                <dt>实际到账</dt>
                <dd data-cash-arrives>¥{formatYuan(cents - fee - tax)}</dd>
              </div>
              <div>
                <dt>{toWallet ? '到账方式' : '到账银行卡'}</dt>
                <dd data-cash-to>{targetLabel}</dd>
              </div>
            </dl>
            <div className="dist-modal-actions">
              <button type="button" onClick={() => setConfirming(false)} disabled={busy}>
                取消
              </button>
              <button type="button" className="solid" onClick={send} disabled={busy}>
                确认提现
              </button>
            </div>
          </div>
        </div>
      )}
    </form>
  );
}
