/** 申请退款 on a line of a paid, unshipped order: pick a reason, then the line goes under review. */
import { useState } from 'react';
import { toast } from '#lib/shell/toast.ts';
import { refundLine } from '#lib/orders/actions.ts';
import ReasonPicker from './ReasonPicker.tsx';
import { useHydrated } from '../use-hydrated.ts';
import './OrderActions.css';

interface Props {
  orderNo: string;
  lineId: number;
  productName: string;
}

export default function LineRefund(props: Props) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function submit() {
    if (!reason) {
      toast('请选择退款原因');
      return;
    }
    setBusy(true);
    try {
      await refundLine(props.orderNo, props.lineId, reason);
      toast('已提交退款申请', 1500);
      location.reload();
    } catch {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="order-btn"
        disabled={!hydrated}
        aria-label={`申请退款：${props.productName}`}
        onClick={() => setOpen(true)}
      >
        申请退款
      </button>
      {open && (
        <div className="order-modal sheet" role="presentation">
          <div
            className="order-modal-card"
            role="dialog"
            aria-modal="true"
            aria-labelledby={`refund-${props.lineId}`}
          >
            <h2 id={`refund-${props.lineId}`}>申请退款</h2>
            <ReasonPicker legend="请选择退款原因" value={reason} onChange={setReason} />
            <div className="order-modal-actions">
              <button type="button" onClick={() => setOpen(false)} disabled={busy}>
                再想想
              </button>
              <button type="button" className="confirm" onClick={submit} disabled={busy}>
                提交申请
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
