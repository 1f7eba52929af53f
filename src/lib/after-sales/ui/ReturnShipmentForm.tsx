/**
 * 填写退货物流: after an approved 退货退款 the shopper names the carrier and the tracking number
 * of the parcel the goods go back in; the page then shows the after-sale waiting for the shop.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { shipReturn } from '#lib/after-sales/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './ReturnShipmentForm.css';

interface Props {
  afterSaleNo: string;
  /** The carriers' names offered. */
  companies: readonly string[];
}

/** As the server checks it (AfterSaleEndpoints.shipReturn). */
const TRACKING_NO = /^[A-Za-z0-9-]{6,30}$/;

export default function ReturnShipmentForm(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [company, setCompany] = useState('');
  const [trackingNo, setTrackingNo] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!company) {
      toast('请选择快递公司');
      return;
    }
    if (!TRACKING_NO.test(trackingNo.trim())) {
      toast('请填写正确的快递单号');
      return;
    }
    setBusy(true);
    try {
      await shipReturn({ afterSaleNo: props.afterSaleNo, company, trackingNo: trackingNo.trim() });
      toast('退货信息已提交', 1500);
      location.reload();
    } catch {
      setBusy(false);
    }
  }

  return (
    <form className="rs-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>填写退货物流</h2>
      <p className="rs-hint">请将商品寄回商家，并填写退货快递信息</p>
      <label>
        <span>快递公司</span>
        <select value={company} onChange={(e) => setCompany(e.target.value)}>
          <option value="">请选择快递公司</option>
          {props.companies.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>快递单号</span>
        <input
          value={trackingNo}
          onChange={(e) => setTrackingNo(e.target.value)}
          inputMode="text"
          autoComplete="off"
          maxLength={30}
          placeholder="请输入快递单号"
        />
      </label>
      <button type="submit" disabled={busy || !hydrated}>
        {busy ? '提交中…' : '提交退货信息'}
      </button>
    </form>
  );
}
