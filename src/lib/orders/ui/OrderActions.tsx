/**
 * The buttons of an order that call the server: 确认收货 and 删除订单, each after a confirm
 * dialog. The rest of an order's actions are plain links the page renders.
 */
import { useState } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { confirmReceipt, hideOrder } from '#lib/orders/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './OrderActions.css';

interface Props {
  orderNo: string;
  confirm: boolean;
  hide: boolean;
  /** Where to go once the order is removed from the list. */
  afterHideHref: string;
}

type Asking = null | 'confirm' | 'hide';

const ASK: Record<Exclude<Asking, null>, { title: string; text: string; ok: string }> = {
  confirm: { title: '确认收货', text: '请确认已收到商品，确认后订单将完成。', ok: '确认收货' },
  hide: { title: '删除订单', text: '删除后订单将不再显示在订单列表中。', ok: '删除' },
};

export default function OrderActions(props: Props) {
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function run() {
    if (!asking) return;
    setBusy(true);
    try {
      if (asking === 'confirm') {
        await confirmReceipt(props.orderNo);
        toast('已确认收货', 1500);
        location.reload();
      } else {
        await hideOrder(props.orderNo);
        toast('订单已删除', 1500);
        location.replace(props.afterHideHref);
      }
    } catch {
      // The request client has shown why.
      setBusy(false);
      setAsking(null);
    }
  }

  const ask = asking ? ASK[asking] : null;
  return (
    <span className="order-btns">
      {props.hide && (
        <button
          type="button"
          className="order-btn ui-pill"
          disabled={!hydrated}
          onClick={() => setAsking('hide')}
        >
          删除订单
        </button>
      )}
      {props.confirm && (
        <button
          type="button"
          className="order-btn ui-pill solid"
          disabled={!hydrated}
          onClick={() => setAsking('confirm')}
        >
          确认收货
        </button>
      )}
      {ask && (
        <div className="order-modal" role="presentation">
          <div
            className="order-modal-card"
            role="dialog"
            aria-modal="true"
            aria-labelledby="order-ask-title"
          >
            <h2 id="order-ask-title">{ask.title}</h2>
            <p>{ask.text}</p>
            <div className="order-modal-actions">
              <button type="button" onClick={() => setAsking(null)} disabled={busy}>
                取消
              </button>
              <button type="button" className="confirm" onClick={run} disabled={busy}>
                {ask.ok}
              </button>
            </div>
          </div>
        </div>
      )}
    </span>
  );
}
