/**
 * The reviewer's buttons on a withdrawal under review (the owner's on a keeper's, a manager's on
 * the owner's own): 同意打款 (after a confirm; the payout is sent at once) and 驳回 (with the reason the keeper reads, required). Each calls the server
 * once, then the screen shows the new state.
 */
import { useId, useState } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { reviewWithdrawal } from '#lib/distribution/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './Modal.css';
import './CashForm.css';

interface Props {
  withdrawalNo: string;
  /** 申请人 and 金额, for the confirm texts. */
  keeper: string;
  amountText: string;
  maxReason: number;
}

export default function WithdrawalReview(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [asking, setAsking] = useState<null | 'approve' | 'reject'>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  async function run() {
    if (!asking || busy) return;
    if (asking === 'reject' && !reason.trim()) {
      toast('请填写驳回原因');
      return;
    }
    setBusy(true);
    try {
      await reviewWithdrawal({
        withdrawalNo: props.withdrawalNo,
        approve: asking === 'approve',
        ...(asking === 'reject' ? { reason: reason.trim() } : {}),
      });
      toast(asking === 'approve' ? '已同意，正在打款' : '已驳回', 1500);
      location.reload();
    } catch {
      setBusy(false);
      setAsking(null);
    }
  }

  return (
    <div className="wr-actions">
      <button
        type="button"
        disabled={!hydrated}
        aria-label={`驳回：${props.keeper} ¥${props.amountText}`}
        onClick={() => setAsking('reject')}
      >
        驳回
      </button>
      <button
        type="button"
        className="solid"
        disabled={!hydrated}
        aria-label={`同意打款：${props.keeper} ¥${props.amountText}`}
        onClick={() => setAsking('approve')}
      >
        同意打款
      </button>
      {asking && (
        <div className="dist-modal" role="presentation">
          <div
            className="dist-modal-card"
            role="dialog"
            aria-modal="true"
            aria-labelledby={`${id}-t`}
          >
            <h2 id={`${id}-t`}>{asking === 'approve' ? '同意提现' : '驳回提现'}</h2>
            {asking === 'approve' ? (
              <p className="wr-text">
                同意后将向 {props.keeper} 的银行卡打款 ¥{props.amountText}。
              </p>
            ) : (
              <label className="wr-reason">
                <span>驳回原因（店主可见）</span>
                <textarea
                  value={reason}
                  maxLength={props.maxReason}
                  rows={3}
                  placeholder="请填写驳回原因"
                  autoFocus
                  onChange={(e) => setReason(e.target.value)}
                />
              </label>
            )}
            <div className="dist-modal-actions">
              <button type="button" onClick={() => setAsking(null)} disabled={busy}>
                取消
              </button>
              <button type="button" className="solid" onClick={run} disabled={busy}>
                {asking === 'approve' ? '确认打款' : '确认驳回'}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
