/**
 * The product page's 领券 row and sheet: the row names the coupons on offer for the product (the
 * page's shared rendering, no person in it); tapping it opens a <dialog> that asks the server for
 * those coupons with this shopper's buttons (立即领取 / 去使用 / 已领取 / 已抢光, the coupon
 * centre's DrawButton). The request client and the contracts load on the first tap.
 */
import { useRef, useState } from 'react';
import { productCouponList } from '#lib/coupons/actions.ts';
import type { CenterCoupon } from '#lib/coupons/contracts.ts';
import { orderTime } from '#lib/orders/order-view.ts';
import DrawButton from './DrawButton.tsx';
import { useHydrated } from '../use-hydrated.ts';
import './CouponSheet.css';

interface Props {
  productNo: string;
  /** What the row shows: the conditions of the first coupons (满199减20 …). */
  tags: string[];
  /** 可用商品 as the link builder writes it; each coupon's 去使用 adds its couponId. */
  offerListHref: string;
}

type Loaded =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; list: CenterCoupon[] };

function withCoupon(href: string, couponId: number): string {
  const url = new URL(href, location.href);
  url.searchParams.set('couponId', String(couponId));
  return `${url.pathname}${url.search}`;
}

export default function CouponSheet(props: Props) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });

  async function load() {
    setLoaded({ kind: 'loading' });
    try {
      setLoaded({ kind: 'ready', list: await productCouponList(props.productNo) });
    } catch (error) {
      setLoaded({
        kind: 'failed',
        message: error instanceof Error && error.message ? error.message : '加载失败',
      });
    }
  }

  function open() {
    dialog.current?.showModal();
    // Each opening asks again: what the shopper drew elsewhere shows.
    void load();
  }

  return (
    <>
      <button
        type="button"
        className="coupon-row"
        disabled={!hydrated}
        onClick={open}
        aria-haspopup="dialog"
        data-coupons-row
      >
        <span className="coupon-row-label">领券</span>
        <span className="coupon-row-tags">
          {props.tags.map((tag) => (
            <span key={tag}>{tag}</span>
          ))}
        </span>
        <span className="coupon-row-more" aria-hidden="true">
          ›
        </span>
      </button>
      <dialog
        ref={dialog}
        className="coupon-sheet"
        aria-labelledby="coupon-sheet-title"
        onClick={(event) => {
          // A tap on the backdrop (the dialog itself, outside its panel) closes it.
          if (event.target === event.currentTarget) dialog.current?.close();
        }}
      >
        <div className="coupon-sheet-panel">
          <header>
            <h2 id="coupon-sheet-title">领券</h2>
            <button
              type="button"
              className="coupon-sheet-close"
              aria-label="关闭"
              onClick={() => dialog.current?.close()}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </header>
          {loaded.kind === 'loading' && <p className="coupon-sheet-note">加载中…</p>}
          {loaded.kind === 'failed' && (
            <p className="coupon-sheet-note">
              {loaded.message}，
              <button type="button" className="coupon-sheet-retry" onClick={() => void load()}>
                点击重试
              </button>
            </p>
          )}
          {loaded.kind === 'ready' &&
            (loaded.list.length === 0 ? (
              <p className="coupon-sheet-note">暂无可领取的优惠券</p>
            ) : (
              <ul>
                {loaded.list.map((c) => (
                  <li key={c.couponId} data-sheet-coupon={c.couponId}>
                    <span className="coupon-sheet-face">{c.face}</span>
                    <span className="coupon-sheet-what">
                      <strong>{c.name}</strong>
                      <span>
                        {c.condition} · {c.scopeText}
                      </span>
                      <span>领取截止 {orderTime(c.claimTo).slice(0, 10)}</span>
                    </span>
                    <DrawButton
                      couponId={c.couponId}
                      name={c.name}
                      state={c.state}
                      stateText={c.stateText}
                      useHref={withCoupon(props.offerListHref, c.couponId)}
                    />
                  </li>
                ))}
              </ul>
            ))}
        </div>
      </dialog>
    </>
  );
}
