/**
 * The shop owner's buttons on an after-sale of the review screen: 同意 (after a confirm: a 仅退款
 * is refunded at once), 拒绝 (with the reason the shopper reads, required) and, for a return on
 * its way back, 确认收货并退款. Each calls the server once, then the screen shows the new state.
 */
import { useId, useState } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { receiveReturn, reviewAfterSale } from '#lib/after-sales/index.ts';
import type { AfterSaleKind } from '#lib/after-sales/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './ShopAfterSaleActions.css';

interface Props {
  afterSaleNo: string;
  kind: AfterSaleKind;
  /** 商品名 and 退款金额, for the confirm texts. */
  productName: string;
  amountText: string;
  actions: readonly ('approve' | 'refuse' | 'receiveReturn')[];
  /** The longest refusal the server takes. */
  maxRefusal: number;
}

type Asking = null | 'approve' | 'refuse' | 'receiveReturn';

export default function ShopAfterSaleActions(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [asking, setAsking] = useState<Asking>(null);
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const has = (a: Exclude<Asking, null>) => props.actions.includes(a);

  async function run() {
    if (!asking || busy) return;
    if (asking === 'refuse' && !refusal.trim()) {
      toast('请填写拒绝原因');
      return;
    }
    setBusy(true);
    try {
      if (asking === 'approve') await reviewAfterSale(props.afterSaleNo, { approve: true });
      else if (asking === 'refuse') {
        await reviewAfterSale(props.afterSaleNo, { approve: false, refusal: refusal.trim() });
      } else await receiveReturn(props.afterSaleNo);
      toast(asking === 'refuse' ? '已拒绝' : '已处理', 1500);
      location.reload();
    } catch {
      // The request client has said why (e.g. handled meanwhile: refresh and try again).
      setBusy(false);
      setAsking(null);
    }
  }

  const approveText =
    props.kind === 'refund'
      ? `同意后将向买家退款 ¥${props.amountText}，商品库存将退回。`
      : '同意后买家将寄回商品，收到商品后再确认退款。';
  return (
    <div className="sa-actions">
      {has('refuse') && (
        <button
          type="button"
          className="sa-btn ui-pill"
          disabled={!hydrated}
          aria-label={`拒绝：${props.productName}`}
          onClick={() => setAsking('refuse')}
        >
          拒绝
        </button>
      )}
      {has('approve') && (
        <button
          type="button"
          className="sa-btn ui-pill solid"
          disabled={!hydrated}
          aria-label={`同意：${props.productName}`}
          onClick={() => setAsking('approve')}
        >
          同意
        </button>
      )}
      {has('receiveReturn') && (
        <button
          type="button"
          className="sa-btn ui-pill solid"
          disabled={!hydrated}
          aria-label={`确认收货并退款：${props.productName}`}
          onClick={() => setAsking('receiveReturn')}
        >
          确认收货并退款
        </button>
      )}
      {asking && (
        <div className="sa-modal" role="presentation">
          <div
            className="sa-modal-card"
            role="dialog"
            aria-modal="true"
            aria-labelledby={`${id}-title`}
          >
            {asking === 'refuse' ? (
              <>
                <h2 id={`${id}-title`}>拒绝售后申请</h2>
                <label className="sa-refusal">
                  <span>拒绝原因（买家可见）</span>
                  <textarea
                    value={refusal}
                    maxLength={props.maxRefusal}
                    rows={3}
                    placeholder="请填写拒绝原因"
                    required
                    autoFocus
                    onChange={(e) => setRefusal(e.target.value)}
                  />
                </label>
              </>
            ) : asking === 'approve' ? (
              <>
                <h2 id={`${id}-title`}>同意售后申请</h2>
                <p>{approveText}</p>
              </>
            ) : (
              <>
                <h2 id={`${id}-title`}>确认收货并退款</h2>
                <p>{`请确认已收到退回的商品，确认后将向买家退款 ¥${props.amountText}。`}</p>
              </>
            )}
            <div className="sa-modal-actions">
              <button type="button" onClick={() => setAsking(null)} disabled={busy}>
                取消
              </button>
              <button type="button" className="confirm" onClick={run} disabled={busy}>
                {asking === 'refuse' ? '确认拒绝' : '确定'}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
