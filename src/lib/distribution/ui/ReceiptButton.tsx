/**
 * 确认收款 on a 待确认收款 withdrawal (decision 033): opens WeChat's confirm-receipt sheet for the
 * transfer to the keeper's WeChat balance; once confirmed the page shows 已到账. Outside WeChat
 * (no bridge) it says where to open it. 取消收款 gives the money back to the wallet instead.
 */
import { useState } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { cancelReceipt, confirmReceipt } from '#lib/distribution/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';

export default function ReceiptButton({
  withdrawalNo,
  compact = false,
}: {
  withdrawalNo: string;
  /** In a list row: 确认收款 only (取消收款 is on the withdrawal's page). */
  compact?: boolean;
}) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    try {
      const outcome = await confirmReceipt(withdrawalNo);
      if (outcome === 'paid' || outcome === 'waiting') {
        toast(outcome === 'paid' ? '已到账' : '收款处理中', 1200);
        setTimeout(() => location.reload(), outcome === 'paid' ? 600 : 1500);
        return;
      }
      toast(
        outcome === 'cancel'
          ? '已取消，可稍后再确认收款'
          : outcome === 'no-bridge'
            ? '请在微信内打开本页确认收款'
            : '确认收款失败，请重试',
      );
    } catch {
      // The request client toasted why.
    }
    setBusy(false);
  }

  async function cancel() {
    if (busy) return;
    setBusy(true);
    try {
      await cancelReceipt(withdrawalNo);
      setTimeout(() => location.reload(), 800);
      return;
    } catch {
      setBusy(false);
    }
  }

  const confirmButton = (
    <button
      type="button"
      className="receipt-confirm"
      disabled={!hydrated || busy}
      onClick={confirm}
      data-receipt-confirm
    >
      确认收款
    </button>
  );
  if (compact) return confirmButton;
  return (
    <div className="receipt-actions">
      {confirmButton}
      <button
        type="button"
        className="receipt-cancel"
        disabled={!hydrated || busy}
        onClick={cancel}
        data-receipt-cancel
      >
        取消收款
      </button>
    </div>
  );
}
