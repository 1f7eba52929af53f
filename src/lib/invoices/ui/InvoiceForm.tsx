/**
 * 申请发票 (and 重新提交 after a failure): the invoice's type, a title from the shopper's book or
 * a new one added on the spot (a company's 税号 checked as it is typed in, before anything is
 * sent), and where the e-invoice goes. Submitting opens the invoice's page.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { ApiError } from '#lib/platform/client.ts';
import {
  INVOICE_FORM_TEXT,
  InvoiceErrors,
  checkTaxId,
  isEmail,
  isMobile,
  isPaperForm,
  isSpecialForm,
  type OfferedForm,
  type TitleKind,
  type TitleView,
} from '#lib/invoices/index.ts';
import { applyInvoice, resubmitInvoice, saveTitle } from '../actions.ts';
import { inMessagingApp } from '#lib/identity/ui/in-app.ts';
import { chooseMessagingAppTitle } from './messaging-app-title.ts';
import { FormField, controlProps } from '../../../ui/FormField.tsx';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './InvoiceForm.css';

interface Props {
  /** Applying on an order, or submitting a failed invoice again. */
  target: { orderNo: string } | { invoiceRef: string };
  forms: OfferedForm[];
  /** Where a paper invoice is mailed (the order's address, as one line). */
  mailTo: string | null;
  titles: TitleView[];
  /** The title chosen at first (the failed invoice's, else the default). */
  titleId: number | null;
  form: OfferedForm;
  mobile: string;
  email: string;
  /** invoiceDetail without the invoice's number: the page opened once submitted. */
  detailHref: string;
}

const TAX_ID_REFUSALS = {
  empty: InvoiceErrors.TAX_ID_REQUIRED.message,
  length: InvoiceErrors.TAX_ID_LENGTH.message,
  charset: InvoiceErrors.TAX_ID_CHARSET.message,
  check: InvoiceErrors.TAX_ID_CHECK.message,
} as const;

interface Draft {
  kind: TitleKind;
  name: string;
  taxId: string;
  regAddress: string;
  regPhone: string;
  bank: string;
  account: string;
  isDefault: boolean;
}

const EMPTY_DRAFT: Draft = {
  kind: 'company',
  name: '',
  taxId: '',
  regAddress: '',
  regPhone: '',
  bank: '',
  account: '',
  isDefault: false,
};

const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

export default function InvoiceForm(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [titles, setTitles] = useState(props.titles);
  const [titleId, setTitleId] = useState<number | null>(props.titleId ?? titles[0]?.id ?? null);
  const [form, setForm] = useState<OfferedForm>(props.form);
  const [mobile, setMobile] = useState(props.mobile);
  const [email, setEmail] = useState(props.email);
  const [adding, setAdding] = useState(titles.length === 0);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ mobile?: string; email?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const special = isSpecialForm(form);
  const paper = isPaperForm(form);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function addTitle() {
    if (draft.name.trim() === '') return setDraftError(InvoiceErrors.TITLE_NAME_REQUIRED.message);
    if (draft.kind === 'company') {
      const checked = checkTaxId(draft.taxId);
      if (!checked.ok) return setDraftError(TAX_ID_REFUSALS[checked.reason]);
      if (special && [draft.regAddress, draft.regPhone, draft.bank, draft.account].includes('')) {
        return setDraftError(InvoiceErrors.SPECIAL_TITLE_INCOMPLETE.message);
      }
    }
    setDraftError(null);
    setBusy(true);
    try {
      const saved = await saveTitle({
        ...draft,
        taxId: draft.kind === 'company' ? draft.taxId : null,
      });
      setTitles((list) => [
        saved,
        ...list.map((t) => (saved.isDefault ? { ...t, isDefault: false } : t)),
      ]);
      setTitleId(saved.id);
      setAdding(false);
      setDraft(EMPTY_DRAFT);
    } catch (error) {
      setDraftError(failureText(error, '抬头保存失败，请重试'));
    } finally {
      setBusy(false);
    }
  }

  /** Fills the new title from one the shopper keeps in the messaging app, to be saved as typed. */
  async function importTitle() {
    setDraftError(null);
    setBusy(true);
    const chosen = await chooseMessagingAppTitle();
    setBusy(false);
    if ('unavailable' in chosen) return setDraftError('暂时无法读取微信发票抬头，请手动填写');
    if ('title' in chosen) {
      setDraft((d) => ({ ...d, ...chosen.title, taxId: chosen.title.taxId ?? '' }));
    }
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!isMobile(mobile.trim())) found.mobile = InvoiceErrors.MOBILE_INVALID.message;
    if (email.trim() !== '' && !isEmail(email.trim())) {
      found.email = InvoiceErrors.EMAIL_INVALID.message;
    }
    if (titleId === null) found.form = '请选择或新增发票抬头';
    setErrors(found);
    if (Object.keys(found).length > 0 || titleId === null) return;
    setBusy(true);
    const fields = {
      titleId,
      form,
      mobile: mobile.trim(),
      email: email.trim() === '' ? null : email.trim(),
    };
    try {
      const invoice =
        'orderNo' in props.target
          ? await applyInvoice(props.target.orderNo, fields)
          : await resubmitInvoice(props.target.invoiceRef, fields);
      const next = new URL(props.detailHref, location.href);
      next.searchParams.set('invoiceRef', invoice.invoiceRef);
      location.assign(next.href);
    } catch (error) {
      setErrors({ form: failureText(error, '提交失败，请重试') });
      setBusy(false);
    }
  }

  return (
    <form className="invoice-form" onSubmit={submit} noValidate>
      <fieldset className="invoice-card">
        <legend>发票类型</legend>
        <div className="invoice-choices" role="radiogroup" aria-label="发票类型">
          {props.forms.map((f) => (
            <label key={f} className={f === form ? 'chosen' : ''}>
              <input
                type="radio"
                name="form"
                value={f}
                checked={f === form}
                onChange={() => setForm(f)}
              />
              {INVOICE_FORM_TEXT[f]}
            </label>
          ))}
        </div>
        {special && (
          <p className="invoice-note">专用发票需开给单位，并填写注册地址、电话、开户银行和账号。</p>
        )}
        {paper && (
          <p className="invoice-note" data-mail-to>
            {props.mailTo
              ? `纸质发票开具后由本店寄出，寄至：${props.mailTo}`
              : '纸质发票开具后由本店寄到订单的收货地址'}
          </p>
        )}
      </fieldset>

      <fieldset className="invoice-card">
        <legend>发票抬头</legend>
        {titles.length > 0 && (
          <ul className="invoice-titles" role="radiogroup" aria-label="发票抬头">
            {titles.map((t) => (
              <li key={t.id}>
                <label className={t.id === titleId ? 'chosen' : ''} data-title-name={t.name}>
                  <input
                    type="radio"
                    name="title"
                    value={t.id}
                    checked={t.id === titleId}
                    onChange={() => setTitleId(t.id)}
                  />
                  <span className="what">
                    <strong>{t.name}</strong>
                    <span>
                      {t.kindText}
                      {t.taxId ? ` · ${t.taxId}` : ''}
                      {t.isDefault ? ' · 默认' : ''}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {adding ? (
          <div className="invoice-new" aria-label="新增抬头">
            {hydrated && inMessagingApp() && (
              <button
                type="button"
                className="invoice-import"
                onClick={importTitle}
                disabled={busy}
              >
                从微信导入抬头
              </button>
            )}
            <div className="invoice-choices" role="radiogroup" aria-label="抬头类型">
              {(['company', 'personal'] as const).map((k) => (
                <label key={k} className={k === draft.kind ? 'chosen' : ''}>
                  <input
                    type="radio"
                    name="kind"
                    value={k}
                    checked={k === draft.kind}
                    onChange={() => set({ kind: k })}
                  />
                  {k === 'company' ? '单位' : '个人'}
                </label>
              ))}
            </div>
            <FormField id={`${id}-name`} label="抬头名称">
              <input
                {...controlProps(`${id}-name`)}
                value={draft.name}
                maxLength={100}
                placeholder={draft.kind === 'company' ? '单位全称' : '个人姓名'}
                onChange={(e) => set({ name: e.target.value })}
              />
            </FormField>
            {draft.kind === 'company' && (
              <>
                <FormField id={`${id}-tax`} label="税号">
                  <input
                    {...controlProps(`${id}-tax`)}
                    value={draft.taxId}
                    maxLength={24}
                    autoCapitalize="characters"
                    placeholder="统一社会信用代码"
                    onChange={(e) => set({ taxId: e.target.value })}
                  />
                </FormField>
                <FormField id={`${id}-addr`} label="注册地址">
                  <input
                    {...controlProps(`${id}-addr`)}
                    value={draft.regAddress}
                    maxLength={200}
                    placeholder={special ? '必填' : '选填'}
                    onChange={(e) => set({ regAddress: e.target.value })}
                  />
                </FormField>
                <FormField id={`${id}-phone`} label="注册电话">
                  <input
                    {...controlProps(`${id}-phone`)}
                    value={draft.regPhone}
                    maxLength={40}
                    inputMode="tel"
                    placeholder={special ? '必填' : '选填'}
                    onChange={(e) => set({ regPhone: e.target.value })}
                  />
                </FormField>
                <FormField id={`${id}-bank`} label="开户银行">
                  <input
                    {...controlProps(`${id}-bank`)}
                    value={draft.bank}
                    maxLength={100}
                    placeholder={special ? '必填' : '选填'}
                    onChange={(e) => set({ bank: e.target.value })}
                  />
                </FormField>
                <FormField id={`${id}-account`} label="银行账号">
                  <input
                    {...controlProps(`${id}-account`)}
                    value={draft.account}
                    maxLength={40}
                    inputMode="numeric"
                    placeholder={special ? '必填' : '选填'}
                    onChange={(e) => set({ account: e.target.value })}
                  />
                </FormField>
              </>
            )}
            <label className="invoice-default">
              <input
                type="checkbox"
                checked={draft.isDefault}
                onChange={(e) => set({ isDefault: e.target.checked })}
              />
              设为默认抬头
            </label>
            {draftError && (
              <p className="ui-field-error" role="alert" data-title-error>
                {draftError}
              </p>
            )}
            <div className="invoice-actions">
              <button
                type="button"
                className="ui-pill solid"
                onClick={addTitle}
                disabled={busy || !hydrated}
              >
                保存抬头
              </button>
              {titles.length > 0 && (
                <button type="button" className="ui-pill" onClick={() => setAdding(false)}>
                  取消
                </button>
              )}
            </div>
          </div>
        ) : (
          <button type="button" className="invoice-add" onClick={() => setAdding(true)}>
            ＋ 新增抬头
          </button>
        )}
      </fieldset>

      <fieldset className="invoice-card">
        <legend>接收方式</legend>
        <FormField id={`${id}-mobile`} label="收票手机" error={errors.mobile}>
          <input
            {...controlProps(`${id}-mobile`, { error: errors.mobile })}
            value={mobile}
            inputMode="numeric"
            maxLength={11}
            onChange={(e) => setMobile(e.target.value)}
          />
        </FormField>
        <FormField
          id={`${id}-email`}
          label="收票邮箱"
          hint="选填，开票后电子发票将发送到该邮箱"
          error={errors.email}
        >
          <input
            {...controlProps(`${id}-email`, { error: errors.email, hint: true })}
            value={email}
            inputMode="email"
            maxLength={100}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
      </fieldset>

      {errors.form && (
        <p className="ui-field-error invoice-failure" role="alert" data-invoice-error>
          {errors.form}
        </p>
      )}
      <div className="invoice-submit">
        <button type="submit" className="ui-block-button" disabled={busy || !hydrated}>
          {'orderNo' in props.target ? '提交申请' : '重新提交'}
        </button>
      </div>
    </form>
  );
}
