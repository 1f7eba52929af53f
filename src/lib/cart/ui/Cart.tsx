/**
 * The cart page (购物车): lines grouped by sale with their pictures, SKU, today's price and a
 * stepper within stock and the 99-piece cap; select a line, a sale or all; delete one, or many
 * in 编辑 mode; 失效商品 with the reason and 清空失效商品; the bottom bar's 合计, 已优惠 and
 * 去结算(N). Every change is the server's: the island shows the cart each call answers (and
 * $cartCount follows it), the rapid taps of a stepper sent one at a time, the last one winning.
 *
 * The selection is kept per shop on the server (cart_items.selected), which confirmationOrder
 * reads; shell §3's local copy of the selected sku numbers is not written: it would go stale on
 * another device and outlive a logout on a shared phone.
 */
import { useEffect, useRef, useState } from 'react';
import { formatYuan } from '#lib/platform/money.ts';
import { saleEndFormat } from '#lib/platform/time.ts';
import { toast } from '#lib/platform/toast.ts';
import type { CartGroup, CartLineView, CartView, InvalidCartLine } from '#lib/cart/index.ts';
import {
  deleteLines,
  loadCart,
  selectLines,
  setCartCount,
  setLineQuantity,
  type SelectTarget,
} from '#lib/cart/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './Cart.css';

interface Props {
  shopId: string;
  initial: CartView;
  /** confirmationOrder?from=cart, built by the page's link builder. */
  checkoutHref: string;
  homeHref: string;
  /** A product page link with PRODUCT_NO where the product number goes. */
  productHrefTemplate: string;
}

/** Where the product number goes in productHrefTemplate. */
export const PRODUCT_NO = 'PRODUCTNO0';

/** The cart with the target's lines (un)selected, as the server will answer it but for the totals. */
function withSelection(view: CartView, target: SelectTarget, selected: boolean): CartView {
  const hit = (group: CartGroup, line: CartLineView) =>
    'all' in target ||
    ('activityNo' in target
      ? group.activityNo === target.activityNo
      : target.skuNos.includes(line.skuNo));
  const groups = view.groups.map((group) => {
    const lines = group.lines.map((line) => (hit(group, line) ? { ...line, selected } : line));
    return { ...group, lines, allSelected: lines.every((line) => line.selected) };
  });
  return {
    ...view,
    groups,
    allSelected: groups.length > 0 && groups.every((group) => group.allSelected),
  };
}

/** Taps of a stepper closer than this are sent as one: the last one. */
const STEP_DEBOUNCE_MS = 300;

export default function Cart(props: Props) {
  const { shopId } = props;
  const hydrated = useHydrated();
  const [cart, setCart] = useState<CartView>(props.initial);
  /** The newest cart answered, before React shows it (checkout reads it after settling). */
  const latest = useRef(props.initial);
  const show = (answer: CartView) => {
    latest.current = answer;
    setCart(answer);
  };
  const [editing, setEditing] = useState(false);
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  /** Quantities tapped but not yet answered, by SKU. */
  const [pending, setPending] = useState<ReadonlyMap<string, number>>(new Map());
  const wanted = useRef(new Map<string, number>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const inFlight = useRef(new Map<string, Promise<void>>());
  /** Selections and deletions, one after another, in the order tapped. */
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => setCartCount(props.initial.cartSkuNum), [props.initial.cartSkuNum]);
  useEffect(() => {
    const pendingTimers = timers.current;
    return () => pendingTimers.forEach(clearTimeout);
  }, []);

  const lines = cart.groups.flatMap((group) => group.lines);
  const productHref = (productNo: string) =>
    props.productHrefTemplate.replace(PRODUCT_NO, encodeURIComponent(productNo));

  /** Runs a change after the ones before it; the cart it answers is shown. */
  function run(change: () => Promise<CartView>): Promise<void> {
    const next = queue.current.then(change).then(
      (answer) => show(answer),
      // The request client has shown why; the server's cart is shown again.
      () =>
        loadCart(shopId).then(
          (answer) => show(answer),
          () => undefined,
        ),
    );
    queue.current = next;
    return next;
  }

  function select(target: SelectTarget, selected: boolean) {
    // The boxes change at once; the totals with the server's answer.
    show(withSelection(latest.current, target, selected));
    void run(() => selectLines(shopId, target, selected));
  }

  function remove(skuNos: string[], done?: string) {
    void run(async () => {
      const answer = await deleteLines(shopId, skuNos);
      if (done) toast(done);
      return answer;
    });
  }

  // The stepper ----------------------------------------------------------------------------
  const shownQuantity = (line: CartLineView) => pending.get(line.skuNo) ?? line.quantity;

  function step(line: CartLineView, delta: 1 | -1) {
    const current = wanted.current.get(line.skuNo) ?? line.quantity;
    const max = Math.max(1, line.maxQuantity);
    // Down from above the stock goes straight to what the stock allows.
    const target = Math.max(1, Math.min(current + delta, max));
    if (target === current) return;
    wanted.current.set(line.skuNo, target);
    setPending(new Map(wanted.current));
    clearTimeout(timers.current.get(line.skuNo));
    timers.current.set(
      line.skuNo,
      setTimeout(() => {
        timers.current.delete(line.skuNo);
        void send(line.skuNo);
      }, STEP_DEBOUNCE_MS),
    );
  }

  /** Sends the line's newest quantity unless a call for it is under way (it sends again after). */
  function send(skuNo: string): Promise<void> {
    const running = inFlight.current.get(skuNo);
    if (running) return running;
    const target = wanted.current.get(skuNo);
    if (target === undefined) return Promise.resolve();
    const call = (async () => {
      try {
        const answer = await setLineQuantity(shopId, skuNo, target);
        // A newer tap waits its turn: the answer to an older one is not shown.
        if (wanted.current.get(skuNo) === target) {
          wanted.current.delete(skuNo);
          show(answer);
        }
      } catch {
        // 库存不足 or 单件商品最多购买99件 has been shown: show the server's cart.
        wanted.current.delete(skuNo);
        await loadCart(shopId).then(show, () => undefined);
      } finally {
        inFlight.current.delete(skuNo);
        setPending(new Map(wanted.current));
      }
      if (wanted.current.has(skuNo) && !timers.current.has(skuNo)) await send(skuNo);
    })();
    inFlight.current.set(skuNo, call);
    return call;
  }

  /** Sends every quantity tapped and waits for all the answers. */
  async function settle(): Promise<void> {
    for (const [skuNo, timer] of timers.current) {
      clearTimeout(timer);
      timers.current.delete(skuNo);
    }
    await Promise.all([...wanted.current.keys()].map(send));
    await Promise.all(inFlight.current.values());
    await queue.current;
  }

  // The bottom bar -------------------------------------------------------------------------
  async function checkout() {
    await settle();
    if (latest.current.totals.lines === 0) {
      toast('请选择商品');
      return;
    }
    location.href = props.checkoutHref;
  }

  function toggleMark(skuNo: string) {
    const next = new Set(marked);
    if (next.has(skuNo)) next.delete(skuNo);
    else next.add(skuNo);
    setMarked(next);
  }
  const allMarked = lines.length > 0 && lines.every((line) => marked.has(line.skuNo));

  if (cart.groups.length === 0 && cart.invalid.length === 0) {
    return (
      <div className="cart-empty">
        <svg viewBox="0 0 64 64" width="96" height="96" aria-hidden="true">
          <circle cx="32" cy="32" r="30" fill="#f0f0f0" />
          <path
            d="M14 20h5l4.5 19h19.5l4-13H21.5M27 47a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm14 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4z"
            fill="none"
            stroke="#bbb"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p>购物车空空如也</p>
        <a className="cart-go" href={props.homeHref}>
          去逛逛
        </a>
      </div>
    );
  }

  const lineView = (line: CartLineView) => {
    const quantity = shownQuantity(line);
    const checked = editing ? marked.has(line.skuNo) : line.selected;
    return (
      <li key={line.skuNo} className="cart-line" data-sku={line.skuNo}>
        <input
          type="checkbox"
          className="cart-check"
          checked={checked}
          disabled={!hydrated}
          aria-label={`选择 ${line.name} ${line.skuText}`}
          onChange={() =>
            editing ? toggleMark(line.skuNo) : select({ skuNos: [line.skuNo] }, !line.selected)
          }
        />
        <a
          className="cart-picture"
          href={productHref(line.productNo)}
          tabIndex={-1}
          aria-hidden="true"
        >
          {line.imageUrl ? (
            <img src={line.imageUrl} alt="" width="88" height="88" loading="lazy" />
          ) : null}
        </a>
        <div className="cart-info">
          <a className="cart-name" href={productHref(line.productNo)}>
            {line.name}
          </a>
          <p className="cart-sku">{line.skuText}</p>
          {line.quantity > line.maxQuantity && (
            <p className="cart-warn">库存不足，仅剩{line.maxQuantity}件</p>
          )}
          <div className="cart-row">
            <span className="cart-price">
              <small>¥</small>
              {formatYuan(line.priceCents)}
              {line.marketPriceCents > line.priceCents && (
                <s className="cart-market">¥{formatYuan(line.marketPriceCents)}</s>
              )}
            </span>
            <span className="cart-stepper" role="group" aria-label="数量">
              <button
                type="button"
                aria-label="减少数量"
                disabled={!hydrated || quantity <= 1}
                onClick={() => step(line, -1)}
              >
                −
              </button>
              <output aria-live="polite">{quantity}</output>
              <button
                type="button"
                aria-label="增加数量"
                disabled={!hydrated || quantity >= line.maxQuantity}
                onClick={() => step(line, 1)}
              >
                +
              </button>
            </span>
          </div>
        </div>
        {!editing && (
          <button
            type="button"
            className="cart-delete"
            disabled={!hydrated}
            aria-label={`删除 ${line.name} ${line.skuText}`}
            onClick={() => remove([line.skuNo], '已删除')}
          >
            删除
          </button>
        )}
      </li>
    );
  };

  const invalidView = (line: InvalidCartLine) => (
    <li key={line.skuNo} className="cart-line invalid" data-sku={line.skuNo}>
      <span className="cart-reason">{line.reason}</span>
      <a
        className="cart-picture"
        href={productHref(line.productNo)}
        tabIndex={-1}
        aria-hidden="true"
      >
        {line.imageUrl ? (
          <img src={line.imageUrl} alt="" width="88" height="88" loading="lazy" />
        ) : null}
      </a>
      <div className="cart-info">
        <a className="cart-name" href={productHref(line.productNo)}>
          {line.name}
        </a>
        <p className="cart-sku">
          {line.skuText}
          {line.skuText ? ' · ' : ''}
          {line.quantity}件
        </p>
      </div>
      <button
        type="button"
        className="cart-delete"
        disabled={!hydrated}
        aria-label={`删除 ${line.name} ${line.skuText}`}
        onClick={() => remove([line.skuNo], '已删除')}
      >
        删除
      </button>
    </li>
  );

  const groupSelected = (group: CartGroup) =>
    editing ? group.lines.every((line) => marked.has(line.skuNo)) : group.allSelected;
  function toggleGroup(group: CartGroup) {
    const skuNos = group.lines.map((line) => line.skuNo);
    if (editing) {
      const next = new Set(marked);
      const on = !groupSelected(group);
      for (const skuNo of skuNos) {
        if (on) next.add(skuNo);
        else next.delete(skuNo);
      }
      setMarked(next);
      return;
    }
    select(group.activityNo ? { activityNo: group.activityNo } : { skuNos }, !group.allSelected);
  }

  return (
    <div className="cart">
      <div className="cart-head">
        <span>共{cart.cartSkuNum}件商品</span>
        {lines.length > 0 && (
          <button
            type="button"
            className="cart-edit"
            disabled={!hydrated}
            onClick={() => {
              setEditing(!editing);
              setMarked(new Set());
            }}
          >
            {editing ? '完成' : '编辑'}
          </button>
        )}
      </div>

      {cart.groups.map((group) => (
        <section
          key={group.activityNo ?? ''}
          className="cart-group"
          aria-label={group.title}
          data-activity={group.activityNo ?? undefined}
        >
          <header className="cart-group-head">
            <input
              type="checkbox"
              className="cart-check"
              checked={groupSelected(group)}
              disabled={!hydrated}
              aria-label={`选择 ${group.title}`}
              onChange={() => toggleGroup(group)}
            />
            <h2>{group.title}</h2>
            {group.ruleLabel && <span className="cart-rule">{group.ruleLabel}</span>}
            {group.endsAt && (
              <span className="cart-ends">{saleEndFormat.format(new Date(group.endsAt))} 结束</span>
            )}
          </header>
          <ul>{group.lines.map(lineView)}</ul>
        </section>
      ))}

      {cart.invalid.length > 0 && (
        <section className="cart-group cart-invalid" aria-label="失效商品">
          <header className="cart-group-head">
            <h2>失效商品 ({cart.invalid.length})</h2>
            <button
              type="button"
              className="cart-clear"
              disabled={!hydrated}
              onClick={() =>
                remove(
                  cart.invalid.map((line) => line.skuNo),
                  '已清空失效商品',
                )
              }
            >
              清空失效商品
            </button>
          </header>
          <ul>{cart.invalid.map(invalidView)}</ul>
        </section>
      )}

      <div className="cart-bar">
        <label className="cart-all">
          <input
            type="checkbox"
            className="cart-check"
            checked={editing ? allMarked : cart.allSelected}
            disabled={!hydrated || lines.length === 0}
            onChange={() => {
              if (editing) setMarked(allMarked ? new Set() : new Set(lines.map((l) => l.skuNo)));
              else select({ all: true }, !cart.allSelected);
            }}
          />
          全选
        </label>
        {editing ? (
          <button
            type="button"
            className="cart-go-pay cart-remove-many"
            disabled={!hydrated || marked.size === 0}
            onClick={() => {
              remove([...marked], '已删除');
              setMarked(new Set());
              setEditing(false);
            }}
          >
            删除({marked.size})
          </button>
        ) : (
          <>
            <div className="cart-sum">
              <p>
                合计{' '}
                <strong data-testid="cart-amount">¥{formatYuan(cart.totals.amountCents)}</strong>
              </p>
              <p className="cart-saved">已优惠 ¥{formatYuan(cart.totals.discountCents)}</p>
            </div>
            <button
              type="button"
              className="cart-go-pay"
              disabled={!hydrated}
              onClick={() => void checkout()}
            >
              去结算({cart.totals.pieces})
            </button>
          </>
        )}
      </div>
    </div>
  );
}
