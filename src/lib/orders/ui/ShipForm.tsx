/**
 * 发货 by the shop's owner: a carrier and a tracking number, then the order is shipped. The fields
 * are the form's own (read on submit), so what was chosen before the island woke up is kept.
 */
import { useState } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { shipOrder } from '#lib/orders/index.ts';
import type { CarrierCode } from '#lib/orders/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './OrderActions.css';
import './ShipForm.css';

interface Props {
  orderNo: string;
  carriers: readonly { code: CarrierCode; name: string }[];
}

const TRACKING_NO = /^[A-Za-z0-9]{6,30}$/;

export default function ShipForm(props: Props) {
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const carrier = String(fields.get('carrier') ?? '') as CarrierCode | '';
    const trackingNo = String(fields.get('trackingNo') ?? '');
    if (!carrier) {
      toast('请选择快递公司');
      return;
    }
    if (!TRACKING_NO.test(trackingNo.trim())) {
      toast('快递单号格式不正确');
      return;
    }
    setBusy(true);
    try {
      await shipOrder(props.orderNo, carrier, trackingNo.trim());
      toast('已发货', 1500);
      location.reload();
    } catch {
      setBusy(false);
    }
  }

  return (
    <form className="ship-form" onSubmit={submit} aria-labelledby="ship-title">
      <h2 id="ship-title">发货</h2>
      <label>
        <span>快递公司</span>
        <select name="carrier">
          <option value="">请选择快递公司</option>
          {props.carriers.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>快递单号</span>
        <input
          name="trackingNo"
          inputMode="text"
          autoComplete="off"
          maxLength={30}
          placeholder="请输入快递单号"
        />
      </label>
      <button type="submit" className="order-btn ui-pill solid" disabled={busy || !hydrated}>
        确认发货
      </button>
    </form>
  );
}
