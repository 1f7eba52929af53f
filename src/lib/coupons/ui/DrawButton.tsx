/**
 * A coupon centre button: 立即领取 claims the coupon once (a second tap while asking does
 * nothing), toasts 领取成功 (above the 领券 sheet too: toasts use the top layer) and turns to its
 * drawn state: 去使用 now that the shopper holds one, even where the coupon's limit would let them
 * draw another (the server's 立即领取 for that shows again on the next load), else what the server
 * says (已领取, 已抢光). A refusal is toasted with the server's message by the request client.
 * 去使用 leads to the coupon’s products (可用商品). `source` picks the call: the centre's, or a
 * handed-out coupon's.
 */
import { useState } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { CENTER_STATE_TEXT, drawForCenter, drawHandout } from '#lib/coupons/index.ts';
import type { CenterState } from '#lib/coupons/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';

interface Props {
  couponId: number;
  name: string;
  state: CenterState;
  stateText: string;
  useHref: string;
  /**
   * Where the coupon is drawn: the centre (the default), a shop keeper's share link or the
   * success page's after-pay coupons; the server refuses a coupon not offered there.
   */
  source?: 'center' | 'share' | 'pay';
}

export default function DrawButton(props: Props) {
  const hydrated = useHydrated();
  const [state, setState] = useState({ state: props.state, text: props.stateText });
  const [busy, setBusy] = useState(false);

  if (state.state === 'use') {
    return (
      <a className="coupon-btn use" href={props.useHref} aria-label={`去使用：${props.name}`}>
        去使用
      </a>
    );
  }
  async function draw() {
    if (busy) return;
    setBusy(true);
    try {
      const source = props.source ?? 'center';
      const coupon =
        source === 'center'
          ? await drawForCenter(props.couponId)
          : await drawHandout(props.couponId, source);
      // Drawn: the shopper holds one now, so the button says so rather than 立即领取 again.
      setState(
        coupon.state === 'draw'
          ? { state: 'use', text: CENTER_STATE_TEXT.use }
          : { state: coupon.state, text: coupon.stateText },
      );
      toast('领取成功', 1500);
    } catch {
      // The request client has shown the server's reason (已抢光, 已领取 …).
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={`coupon-btn ${state.state}`}
      disabled={!hydrated || busy || state.state !== 'draw'}
      onClick={draw}
      aria-label={`${state.text}：${props.name}`}
    >
      {busy ? '领取中…' : state.text}
    </button>
  );
}
