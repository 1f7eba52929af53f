/**
 * 确认订单's remark and bottom bar: 实付 and 提交订单. Submits once per tap sequence with one
 * idempotency key (a retried or doubled tap answers the same order), then opens the cashier
 * (收银台) for the checkout's orders. When the server's prices moved since the page was drawn it
 * reloads the page with the new amounts and says so: the shopper is never charged an amount they
 * were not shown.
 */
import { useEffect, useMemo, useState } from 'react';
import { formatYuan } from '#lib/platform/money.ts';
import { userKey } from '#lib/platform/storage-keys.ts';
import { toast } from '#lib/platform/toast.ts';
import { placeOrder } from '#lib/orders/index.ts';
import { OrderErrors } from '#lib/orders/index.ts';
import { CouponErrors } from '#lib/coupons/index.ts';
import { MAX_REMARK_LENGTH } from '#lib/orders/index.ts';
import './ConfirmationSubmit.css';

interface Props {
  shopId: string;
  userId: number;
  source: { skuNo: string; quantity: number } | null;
  /** The address shown, and the one the URL asked for. */
  addressId: number | null;
  requestedAddressId: number | null;
  /** The confirmation is priced with freight insurance. */
  insured: boolean;
  /** The coupon the confirmation is priced with; null for none. */
  userCouponId: number | null;
  quote: string;
  payCents: number;
  pieces: number;
  realNameMissing: boolean;
  realNameHref: string;
  newAddressHref: string;
  /** 收银台, without the checkout's number. */
  checkoutHref: string;
}

function newKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

export default function ConfirmationSubmit(props: Props) {
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  // One key for this page's order: a double tap or a retry after a lost answer is the same order.
  const idempotencyKey = useMemo(newKey, []);
  const storageKey = userKey(props.shopId, props.userId, 'selectedAddressId');

  // The address chosen last time in this shop (shell §3 per-shop storage) when none was asked for.
  useEffect(() => {
    if (props.requestedAddressId !== null) {
      // The address shown: the one asked for, or the default when that one is gone.
      if (props.addressId === null) localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, String(props.addressId));
      return;
    }
    const remembered = localStorage.getItem(storageKey);
    if (remembered && /^\d+$/.test(remembered) && Number(remembered) !== props.addressId) {
      const url = new URL(location.href);
      url.searchParams.set('addressId', remembered);
      location.replace(url.href);
    }
  }, []);

  async function submit() {
    if (props.addressId === null) {
      toast(OrderErrors.ADDRESS_REQUIRED.message);
      location.href = props.newAddressHref;
      return;
    }
    if (props.realNameMissing) {
      toast(OrderErrors.REAL_NAME_REQUIRED.message);
      location.href = props.realNameHref;
      return;
    }
    if (busy) return;
    setBusy(true);
    try {
      const placed = await placeOrder({
        shopId: props.shopId,
        source: props.source,
        addressId: props.addressId,
        remark: remark.trim(),
        insured: props.insured,
        userCouponId: props.userCouponId,
        quote: props.quote,
        idempotencyKey,
      });
      // 收银台 for the checkout's orders; the confirmation is not a page to come back to.
      const url = new URL(props.checkoutHref, location.origin);
      url.searchParams.set('groupNo', placed.groupNo);
      location.replace(`${url.pathname}${url.search}`);
    } catch (error) {
      const code = (error as { code?: number }).code;
      if (
        code === CouponErrors.COUPON_UNUSABLE.code ||
        code === CouponErrors.COUPON_ALREADY_USED.code
      ) {
        // The coupon went meanwhile (used by another checkout): the page picks again and says so.
        toast((error as Error).message);
        const url = new URL(location.href);
        url.searchParams.delete('userCouponId');
        url.searchParams.set('priceChanged', '1');
        location.replace(url.href);
        return;
      }
      if (code === OrderErrors.PRICE_CHANGED.code) {
        const url = new URL(location.href);
        url.searchParams.set('priceChanged', '1');
        location.replace(url.href);
        return;
      }
      toast((error as Error).message);
      setBusy(false);
    }
  }

  return (
    <>
      <label className="remark">
        <span>订单备注</span>
        <input
          type="text"
          value={remark}
          maxLength={MAX_REMARK_LENGTH}
          placeholder="选填，请先和商家协商一致"
          onChange={(event) => setRemark(event.currentTarget.value)}
        />
      </label>
      <div className="submit-bar" data-bottom-bar>
        <p className="total">
          <span className="pieces">共{props.pieces}件</span>
          <span>实付：</span>
          <strong data-pay>
            <small>¥</small>
            {formatYuan(props.payCents)}
          </strong>
        </p>
        <button type="button" disabled={busy} onClick={submit} data-submit>
          {busy ? '提交中…' : '提交订单'}
        </button>
      </div>
    </>
  );
}
