/**
 * The list inside the product page's 领券 sheet (coupons/ui/CouponRow.astro): the coupon centre's
 * coupons for the product with this shopper's buttons (立即领取 / 去使用 / 已领取 / 已抢光, the
 * centre's DrawButton), asked for each time the sheet opens. Not an Astro island: the row's
 * script loads this module on the first tap and renders it into the open dialog, so a product
 * page nobody taps 领券 on loads none of it.
 */
import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { productCouponList } from '#lib/coupons/index.ts';
import type { CenterCoupon } from '#lib/coupons/index.ts';
import { shopDay } from '#lib/platform/time.ts';
import DrawButton from './DrawButton.tsx';

interface Props {
  productNo: string;
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

export function CouponSheetList(props: Props) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoaded({ kind: 'loading' });
    productCouponList(props.productNo).then(
      (list) => current && setLoaded({ kind: 'ready', list }),
      (error: unknown) =>
        current &&
        setLoaded({
          kind: 'failed',
          message: error instanceof Error && error.message ? error.message : '加载失败',
        }),
    );
    return () => {
      current = false;
    };
  }, [props.productNo, attempt]);

  if (loaded.kind === 'loading') return <p className="coupon-sheet-note">加载中…</p>;
  if (loaded.kind === 'failed') {
    return (
      <p className="coupon-sheet-note">
        {loaded.message}，
        <button
          type="button"
          className="coupon-sheet-retry"
          onClick={() => setAttempt(attempt + 1)}
        >
          点击重试
        </button>
      </p>
    );
  }
  if (loaded.list.length === 0) return <p className="coupon-sheet-note">暂无可领取的优惠券</p>;
  return (
    <ul>
      {loaded.list.map((c) => (
        <li key={c.couponId} data-sheet-coupon={c.couponId}>
          <span className="coupon-sheet-face">{c.face}</span>
          <span className="coupon-sheet-what">
            <strong>{c.name}</strong>
            <span>
              {c.condition} · {c.scopeText}
            </span>
            <span>领取截止 {shopDay(new Date(c.claimTo))}</span>
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
  );
}

const roots = new WeakMap<Element, Root>();

/**
 * Renders the list into the sheet's container, afresh for each `opening` (a new key: the list
 * is asked for again, so what the shopper drew elsewhere shows).
 */
export function showCouponSheet(container: Element, props: Props & { opening: number }): void {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(
    <CouponSheetList
      key={props.opening}
      productNo={props.productNo}
      offerListHref={props.offerListHref}
    />,
  );
}
