/**
 * 企业银行卡: the form (企业名称, 对公账号, 开户银行) that saves the account and has a small amount
 * sent to it, and the verification (the amount received, e.g. 0.37) that confirms it. A wrong
 * amount says so and leaves fewer tries; none left opens the error page.
 */
import { useId, useState } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { bindEnterpriseCard, verifyEnterpriseCard } from '#lib/distribution/index.ts';
import { BANKS } from '#lib/distribution/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './BankCards.css';

type Props =
  | {
      mode: 'form';
      /** The validate page: `{id}` is replaced by the new card's id. */
      validateHref: string;
    }
  | {
      mode: 'validate';
      cardId: number;
      doneHref: string;
      errorHref: string;
    };

export default function EnterpriseCard(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [company, setCompany] = useState('');
  const [account, setAccount] = useState('');
  const [bank, setBank] = useState('');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);

  async function submitForm(event: React.FormEvent) {
    event.preventDefault();
    if (props.mode !== 'form' || busy) return;
    if (company.trim().length < 2) return toast('请输入正确的企业名称');
    if (!/^\d{8,30}$/.test(account.replace(/\s/g, ''))) {
      return toast('银行卡号有误，请核对后重新输入');
    }
    if (!bank) return toast('请选择开户银行');
    setBusy(true);
    try {
      const card = await bindEnterpriseCard({
        companyName: company.trim(),
        accountNo: account.replace(/\s/g, ''),
        bankCode: bank,
      });
      location.assign(props.validateHref.replace(/\{id\}|%7Bid%7D/, String(card.id)));
    } catch {
      setBusy(false);
    }
  }

  async function submitAmount(event: React.FormEvent) {
    event.preventDefault();
    if (props.mode !== 'validate' || busy) return;
    if (!/^0\.\d{1,2}$/.test(amount.trim())) return toast('请输入收到的打款金额，如0.35');
    setBusy(true);
    try {
      await verifyEnterpriseCard(props.cardId, amount.trim());
      toast('验证成功', 1500);
      location.assign(props.doneHref);
    } catch (error) {
      const { code, message } = error as { code?: number; message?: string };
      if (code === 47014) {
        location.assign(props.errorHref);
        return;
      }
      toast(message || '验证失败');
      setBusy(false);
    }
  }

  if (props.mode === 'validate') {
    return (
      <form className="bc-form" onSubmit={submitAmount} noValidate>
        <label htmlFor={`${id}-amount`}>
          <span>到账金额</span>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            placeholder="如 0.35"
            maxLength={4}
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))}
          />
        </label>
        <button type="submit" className="bc-submit" disabled={!hydrated || busy}>
          提交验证
        </button>
      </form>
    );
  }
  return (
    <form className="bc-form" onSubmit={submitForm} noValidate>
      <label htmlFor={`${id}-company`}>
        <span>企业名称</span>
        <input
          id={`${id}-company`}
          value={company}
          maxLength={50}
          placeholder="与营业执照一致"
          onChange={(e) => setCompany(e.target.value)}
        />
      </label>
      <label htmlFor={`${id}-account`}>
        <span>对公账号</span>
        <input
          id={`${id}-account`}
          value={account}
          inputMode="numeric"
          maxLength={36}
          placeholder="请输入企业对公账号"
          onChange={(e) => setAccount(e.target.value.replace(/[^\d\s]/g, ''))}
        />
      </label>
      <label htmlFor={`${id}-bank`}>
        <span>开户银行</span>
        <select id={`${id}-bank`} value={bank} onChange={(e) => setBank(e.target.value)}>
          <option value="">请选择开户银行</option>
          {BANKS.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <p className="bc-hint">提交后我们将向该账户打款一笔小额资金（1元以内），用于验证账户。</p>
      <button type="submit" className="bc-submit" disabled={!hydrated || busy}>
        提交
      </button>
    </form>
  );
}
