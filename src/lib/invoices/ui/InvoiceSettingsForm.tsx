/**
 * 开票设置, the owner's: whether the shop issues invoices and 专票, the seller printed on them (its
 * 税号 is the invoice service account's, shown and not typed) and how its goods are taxed.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { ApiError } from '#lib/platform/client.ts';
import { toast } from '#lib/platform/toast.ts';
import { saveShopSettings, type ShopSettingsFields } from '../actions.ts';
import { FormField, controlProps } from '../../../ui/FormField.tsx';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './InvoiceForm.css';

interface Props {
  settings: ShopSettingsFields;
  sellerTaxNo: string;
  /** The seller's name is the one the service has registered (a demo's sandbox): not typed. */
  sellerNameFixed: boolean;
  rates: readonly number[];
}

const TEXT_FIELDS = [
  ['sellerName', '销售方名称', 100],
  ['sellerAddress', '地址', 200],
  ['sellerPhone', '电话', 40],
  ['sellerBank', '开户银行', 100],
  ['sellerAccount', '银行账号', 40],
  ['taxShortName', '商品简称', 20],
  ['taxCode', '税收编码', 19],
] as const;

export default function InvoiceSettingsForm(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [fields, setFields] = useState(props.settings);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ShopSettingsFields>) => setFields((f) => ({ ...f, ...patch }));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await saveShopSettings(fields);
      toast('开票设置已保存', 1500);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.message ? failure.message : '保存失败，请重试',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="invoice-form" onSubmit={submit} noValidate aria-label="开票设置">
      <fieldset className="invoice-card">
        <legend>开票设置</legend>
        <label className="invoice-default">
          <input
            type="checkbox"
            checked={fields.enabled}
            onChange={(e) => set({ enabled: e.target.checked })}
          />
          开通电子发票（顾客确认收货后可申请开票）
        </label>
        <label className="invoice-default">
          <input
            type="checkbox"
            checked={fields.specialEnabled}
            disabled={!fields.enabled}
            onChange={(e) => set({ specialEnabled: e.target.checked })}
          />
          同时开具增值税专用发票
        </label>
        <label className="invoice-default">
          <input
            type="checkbox"
            checked={fields.paperEnabled}
            disabled={!fields.enabled}
            onChange={(e) => set({ paperEnabled: e.target.checked })}
          />
          提供纸质发票（开具后由本店邮寄到订单收货地址）
        </label>
        <p className="invoice-note">销售方税号：{props.sellerTaxNo}（与开票服务账户一致）</p>
        {TEXT_FIELDS.map(([key, label, max]) =>
          key === 'sellerName' && props.sellerNameFixed ? (
            <p className="invoice-note" key={key}>
              销售方名称：{fields.sellerName}
            </p>
          ) : (
            <FormField key={key} id={`${id}-${key}`} label={label}>
              <input
                {...controlProps(`${id}-${key}`)}
                value={fields[key]}
                maxLength={max}
                inputMode={key === 'taxCode' || key === 'sellerAccount' ? 'numeric' : undefined}
                onChange={(e) => set({ [key]: e.target.value })}
              />
            </FormField>
          ),
        )}
        <FormField id={`${id}-rate`} label="税率">
          <select
            {...controlProps(`${id}-rate`)}
            value={fields.taxRateBp}
            onChange={(e) => set({ taxRateBp: Number(e.target.value) })}
          >
            {props.rates.map((bp) => (
              <option key={bp} value={bp}>
                {bp / 100}%
              </option>
            ))}
          </select>
        </FormField>
        {error && (
          <p className="ui-field-error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
      <div className="invoice-submit">
        <button type="submit" className="ui-block-button" disabled={busy || !hydrated}>
          保存设置
        </button>
      </div>
    </form>
  );
}
