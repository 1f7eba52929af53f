/** 取消订单: pick a reason, 确定取消, then back to the order, now 已取消. */
import { useState } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { cancelOrder } from '#lib/orders/index.ts';
import ReasonPicker from './ReasonPicker.tsx';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './OrderActions.css';
import './CancelForm.css';

interface Props {
  orderNo: string;
  /** The order's detail page, where the shopper lands after cancelling. */
  doneHref: string;
}

export default function CancelForm(props: Props) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function submit() {
    if (!reason) {
      toast('请选择取消原因');
      return;
    }
    setBusy(true);
    try {
      await cancelOrder(props.orderNo, reason);
      toast('订单已取消', 1500);
      location.replace(props.doneHref);
    } catch {
      setBusy(false);
    }
  }

  return (
    <div className="cancel-form">
      <ReasonPicker legend="请选择取消订单的原因" value={reason} onChange={setReason} />
      <div className="cancel-bar">
        <button
          type="button"
          className="order-btn ui-pill solid"
          onClick={submit}
          disabled={busy || !hydrated}
        >
          确定取消
        </button>
      </div>
    </div>
  );
}
