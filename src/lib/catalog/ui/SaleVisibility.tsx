/**
 * hideProduct's buttons: 隐藏 a sale (after a confirm: shoppers will no longer see it) or
 * 取消隐藏 it. Each calls the server once, then the page shows the new lists.
 */
import { useId, useState } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { hideSale, undoHide } from '#lib/catalog/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './SaleVisibility.css';

type Props =
  | { action: 'hide'; activityNo: string; title: string }
  | { action: 'undo'; id: number; title: string };

export default function SaleVisibility(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function run() {
    if (busy) return;
    setBusy(true);
    try {
      if (props.action === 'hide') await hideSale(props.activityNo);
      else await undoHide(props.id);
      toast(props.action === 'hide' ? '已隐藏' : '已取消隐藏', 1500);
      location.reload();
    } catch {
      setBusy(false);
      setAsking(false);
    }
  }

  const label = props.action === 'hide' ? '隐藏' : '取消隐藏';
  return (
    <div className="sv">
      <button
        type="button"
        className={props.action === 'hide' ? 'sv-btn ui-pill' : 'sv-btn ui-pill accent'}
        disabled={!hydrated || busy}
        aria-label={`${label}：${props.title}`}
        onClick={() => (props.action === 'hide' ? setAsking(true) : run())}
      >
        {label}
      </button>
      {asking && (
        <div className="sv-modal" role="presentation">
          <div className="sv-card" role="dialog" aria-modal="true" aria-labelledby={`${id}-t`}>
            <h2 id={`${id}-t`}>隐藏活动</h2>
            <p>
              隐藏后，顾客在首页、搜索和分享中都将看不到「{props.title}」及其商品，可随时取消隐藏。
            </p>
            <div className="sv-actions">
              <button type="button" onClick={() => setAsking(false)} disabled={busy}>
                取消
              </button>
              <button type="button" className="solid" onClick={run} disabled={busy}>
                确认隐藏
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
