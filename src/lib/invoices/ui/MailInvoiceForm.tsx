/**
 * 寄出 of an issued paper invoice, the owner's: the carrier and tracking number of the parcel it
 * went in. The fields are the form's own (read on submit), so what was typed before the island
 * woke up is kept. The list shows it mailed after.
 */
import { useState, type SubmitEvent } from 'react';
import { ApiError } from '#lib/platform/client.ts';
import { toast } from '#lib/platform/toast.ts';
import { mailInvoice } from '../actions.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './InvoiceForm.css';

interface Props {
  invoiceRef: string;
  carriers: readonly { code: string; name: string }[];
}

const TRACKING_NO = /^[A-Za-z0-9]{6,30}$/;

export default function MailInvoiceForm(props: Props) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const carrier = String(fields.get('carrier') ?? '');
    const trackingNo = String(fields.get('trackingNo') ?? '').trim();
    if (!carrier) return setError('请选择快递公司');
    if (!TRACKING_NO.test(trackingNo)) return setError('快递单号格式不正确');
    setBusy(true);
    setError(null);
    try {
      await mailInvoice({ invoiceRef: props.invoiceRef, carrier, trackingNo });
      toast('已寄出', 1500);
      location.reload();
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.message ? failure.message : '提交失败，请重试',
      );
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <button
        type="button"
        className="ui-pill solid"
        disabled={!hydrated}
        onClick={() => setOpen(true)}
        aria-label={`寄出：${props.invoiceRef}`}
      >
        寄出
      </button>
    );
  }
  return (
    <form className="invoice-new" onSubmit={submit} noValidate aria-label="寄出纸质发票">
      <label className="invoice-mail-field">
        <span>快递公司</span>
        <select name="carrier" defaultValue="">
          <option value="">请选择快递公司</option>
          {props.carriers.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="invoice-mail-field">
        <span>快递单号</span>
        <input name="trackingNo" autoComplete="off" maxLength={30} placeholder="请输入快递单号" />
      </label>
      {error && (
        <p className="ui-field-error" role="alert">
          {error}
        </p>
      )}
      <div className="invoice-actions">
        <button type="submit" className="ui-pill solid" disabled={busy}>
          确认寄出
        </button>
        <button type="button" className="ui-pill" onClick={() => setOpen(false)}>
          取消
        </button>
      </div>
    </form>
  );
}
