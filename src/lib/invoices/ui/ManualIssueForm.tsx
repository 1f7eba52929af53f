/**
 * 手动开票 on a failed invoice, the owner's: the PDF of the invoice issued outside the service,
 * its number (20 digits, or 8 with its code) and date. The list shows the invoice issued after.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { ApiError } from '#lib/platform/client.ts';
import { toast } from '#lib/platform/toast.ts';
import { issueByHand } from '../actions.ts';
import { FormField, controlProps } from '../../../ui/FormField.tsx';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './InvoiceForm.css';

interface Props {
  invoiceRef: string;
  /** Today in the shop's time zone (yyyy-mm-dd): the latest date an invoice may carry. */
  today: string;
}

export default function ManualIssueForm(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [invoiceNo, setInvoiceNo] = useState('');
  const [invoiceCode, setInvoiceCode] = useState('');
  const [issuedAt, setIssuedAt] = useState(props.today);
  const [pdf, setPdf] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pdf) return setError('请选择发票PDF文件');
    setBusy(true);
    setError(null);
    try {
      await issueByHand({
        invoiceRef: props.invoiceRef,
        invoiceNo: invoiceNo.trim(),
        invoiceCode: invoiceCode.trim(),
        issuedAt,
        pdf,
      });
      toast('已手动开票', 1500);
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
        className="ui-pill accent"
        disabled={!hydrated}
        onClick={() => setOpen(true)}
        aria-label={`手动开票：${props.invoiceRef}`}
      >
        手动开票
      </button>
    );
  }
  return (
    <form className="invoice-new" onSubmit={submit} noValidate aria-label="手动开票">
      <FormField id={`${id}-pdf`} label="发票文件">
        <input
          {...controlProps(`${id}-pdf`)}
          type="file"
          accept="application/pdf"
          onChange={(e) => setPdf(e.target.files?.[0] ?? null)}
        />
      </FormField>
      <FormField id={`${id}-no`} label="发票号码">
        <input
          {...controlProps(`${id}-no`)}
          value={invoiceNo}
          inputMode="numeric"
          maxLength={20}
          onChange={(e) => setInvoiceNo(e.target.value)}
        />
      </FormField>
      <FormField id={`${id}-code`} label="发票代码">
        <input
          {...controlProps(`${id}-code`)}
          value={invoiceCode}
          inputMode="numeric"
          maxLength={12}
          placeholder="数电发票不填"
          onChange={(e) => setInvoiceCode(e.target.value)}
        />
      </FormField>
      <FormField id={`${id}-date`} label="开票日期">
        <input
          {...controlProps(`${id}-date`)}
          type="date"
          value={issuedAt}
          max={props.today}
          onChange={(e) => setIssuedAt(e.target.value)}
        />
      </FormField>
      {error && (
        <p className="ui-field-error" role="alert">
          {error}
        </p>
      )}
      <div className="invoice-actions">
        <button type="submit" className="ui-pill solid" disabled={busy}>
          确认开票
        </button>
        <button type="button" className="ui-pill" onClick={() => setOpen(false)}>
          取消
        </button>
      </div>
    </form>
  );
}
