/**
 * 银行卡: the keeper's cards with 解绑 (after a confirm), and 添加银行卡 — the holder (their
 * verified real name, shown, not typed), the number (the bank recognised from it as they type,
 * else chosen), the phone the bank holds for the card and the code sent to it. The server checks
 * the number (Luhn, a debit card) and the bank again, names the holder from 实名认证 itself and
 * has the bank confirm the four elements.
 */
import { useId, useState } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { bindCard, bindCardCode, removeCard } from '#lib/distribution/index.ts';
import { CODE_DIGITS, MAINLAND_MOBILE } from '#lib/identity/index.ts';
import SendCodeButton from '../../identity/ui/SendCodeButton.tsx';
import {
  BANKS,
  bankName,
  cleanCardNumber,
  luhnValid,
  recogniseBank,
} from '#lib/distribution/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './Modal.css';
import './BankCards.css';

interface Card {
  id: number;
  bankName: string;
  cardNoMasked: string;
  holderName: string;
  kind: 'personal' | 'enterprise';
  status: 'bound' | 'verifying' | 'failed';
}

interface Props {
  cards: Card[];
  /** The masked verified real name (张*), shown as the holder; null before 实名认证. */
  realName: string | null;
  /** 实名认证, coming back here. */
  realNameHref: string;
  /** Where to go after binding (申请提现 when the keeper came from there), else reload. */
  afterBind: string | null;
  /** The enterprise verification page of a card still verifying: `{id}` is replaced. */
  verifyHref: string;
}

const STATUS_TEXT = { bound: '', verifying: '待验证', failed: '验证失败' } as const;

export default function BankCards(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [adding, setAdding] = useState(props.cards.length === 0 && props.realName !== null);
  const [number, setNumber] = useState('');
  const [chosenBank, setChosenBank] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentAt, setSentAt] = useState<number | undefined>(undefined);
  const [removing, setRemoving] = useState<Card | null>(null);
  const [busy, setBusy] = useState(false);
  const digits = cleanCardNumber(number);
  const recognised = digits.length >= 6 ? recogniseBank(digits) : null;

  /** The card and phone as the server is sent them, or null after saying what is missing. */
  function cardInput() {
    if (!luhnValid(digits)) return (toast('银行卡号有误，请核对后重新输入'), null);
    const bankCode = recognised ?? chosenBank;
    if (!bankCode) return (toast('请选择开户银行'), null);
    if (!MAINLAND_MOBILE.test(phone)) return (toast('请输入正确的银行预留手机号'), null);
    return { cardNo: digits, bankCode, phone };
  }

  async function send() {
    const input = cardInput();
    if (!input || busy) return;
    setBusy(true);
    try {
      await bindCardCode(input);
      setSentAt(Date.now());
      toast('验证码已发送，请查收');
    } catch {
      // The request client has said why.
    } finally {
      setBusy(false);
    }
  }

  async function add(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const input = cardInput();
    if (!input) return;
    if (code.length !== CODE_DIGITS) return toast('请输入6位验证码');
    setBusy(true);
    try {
      await bindCard({ ...input, verifyCode: code });
      toast('绑定成功', 1500);
      if (props.afterBind) location.assign(props.afterBind);
      else location.reload();
    } catch {
      setBusy(false);
    }
  }

  async function remove() {
    if (!removing || busy) return;
    setBusy(true);
    try {
      await removeCard(removing.id);
      toast('已解绑', 1500);
      location.reload();
    } catch {
      setBusy(false);
      setRemoving(null);
    }
  }

  return (
    <div className="bank-cards">
      {props.cards.length > 0 && (
        <ul className="bc-list" data-bank-cards>
          {props.cards.map((card) => (
            <li key={card.id} className="bc-card" data-bank-card={card.cardNoMasked}>
              <div>
                <p className="bc-bank">
                  {card.bankName}
                  {card.kind === 'enterprise' && <span className="bc-tag">企业</span>}
                  {STATUS_TEXT[card.status] && (
                    <span className="bc-tag warn">{STATUS_TEXT[card.status]}</span>
                  )}
                </p>
                <p className="bc-no">{card.cardNoMasked}</p>
                <p className="bc-holder">{card.holderName}</p>
              </div>
              <div className="bc-actions">
                {card.status === 'verifying' && (
                  <a href={props.verifyHref.replace(/\{id\}|%7Bid%7D/, String(card.id))}>去验证</a>
                )}
                <button
                  type="button"
                  disabled={!hydrated}
                  aria-label={`解绑 ${card.bankName} ${card.cardNoMasked}`}
                  onClick={() => setRemoving(card)}
                >
                  解绑
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {props.realName === null ? (
        <p className="bc-need-name" data-need-real-name>
          添加银行卡需先完成实名认证，持卡人须为实名认证本人。
          <a href={props.realNameHref}>去实名认证</a>
        </p>
      ) : adding ? (
        <form className="bc-form" onSubmit={add} noValidate>
          <h2>添加银行卡</h2>
          {/* The holder is the verified real name, not typed: the server takes it from 实名认证. */}
          <label htmlFor={`${id}-holder`}>
            <span>持卡人</span>
            <output id={`${id}-holder`} data-card-holder>
              {props.realName}
            </output>
          </label>
          <label htmlFor={`${id}-number`}>
            <span>卡号</span>
            <input
              id={`${id}-number`}
              value={number}
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={23}
              placeholder="请输入本人储蓄卡卡号"
              onChange={(e) => setNumber(e.target.value.replace(/[^\d\s]/g, ''))}
            />
          </label>
          <label htmlFor={`${id}-bank`}>
            <span>开户银行</span>
            {recognised ? (
              <output id={`${id}-bank`} data-recognised-bank>
                {bankName(recognised)}
              </output>
            ) : (
              <select
                id={`${id}-bank`}
                value={chosenBank}
                onChange={(e) => setChosenBank(e.target.value)}
              >
                <option value="">请选择开户银行</option>
                {BANKS.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </label>
          <label htmlFor={`${id}-phone`}>
            <span>预留手机号</span>
            <input
              id={`${id}-phone`}
              value={phone}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={11}
              placeholder="银行预留手机号"
              onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
            />
          </label>
          <div className="bc-code">
            <label htmlFor={`${id}-code`}>
              <span>验证码</span>
              <input
                id={`${id}-code`}
                value={code}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={CODE_DIGITS}
                placeholder="短信验证码"
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              />
            </label>
            <SendCodeButton
              className="bc-send"
              sentAt={sentAt}
              busy={busy || !hydrated}
              onSend={() => void send()}
            />
          </div>
          <p className="bc-hint">
            持卡人为实名认证本人，仅支持储蓄卡；验证码发送至该卡的银行预留手机号。
          </p>
          <button type="submit" className="bc-submit" disabled={!hydrated || busy}>
            确认绑定
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="bc-add"
          disabled={!hydrated}
          onClick={() => setAdding(true)}
        >
          + 添加银行卡
        </button>
      )}
      {removing && (
        <div className="dist-modal" role="presentation">
          <div
            className="dist-modal-card"
            role="dialog"
            aria-modal="true"
            aria-labelledby={`${id}-rm`}
          >
            <h2 id={`${id}-rm`}>解绑银行卡</h2>
            <p className="bc-remove">
              确定解绑 {removing.bankName} {removing.cardNoMasked.slice(-4)} 吗？
            </p>
            <div className="dist-modal-actions">
              <button type="button" onClick={() => setRemoving(null)} disabled={busy}>
                取消
              </button>
              <button type="button" className="solid" onClick={remove} disabled={busy}>
                确定解绑
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
