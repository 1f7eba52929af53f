/**
 * The real-name form (实名认证 / 修改实名信息): name and second-generation ID number, checked as
 * typed by the same rules as the server (GB 11643 check digit), then verified and saved. The
 * refusal, the form's or the server's, is said under the field. Saving returns to `back` (the
 * order confirmation) when there is one, else to the authname page, which shows it masked.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Messages } from '#lib/platform/errors.ts';
import { cleanIdNumber, realNameProblem } from '#lib/identity/index.ts';
import { submitRealName } from '#lib/identity/index.ts';
import { toast } from '#lib/platform/toast.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './RealNameForm.css';

export interface RealNameFormProps {
  /** Where to go once saved. */
  doneHref: string;
  submitLabel: string;
}

/** Error codes of the name (the rest are about the number). */
const NAME_CODES = new Set([40031]);

export default function RealNameForm(props: RealNameFormProps) {
  const id = useId();
  const hydrated = useHydrated();
  const [name, setName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [error, setError] = useState<{ field: 'name' | 'idNumber'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // What was typed before the island hydrated is in the inputs, not in the state: keep it.
  useEffect(() => {
    const typed = (field: string) =>
      form.current?.querySelector<HTMLInputElement>(`#${CSS.escape(`${id}-${field}`)}`)?.value;
    const typedName = typed('name');
    const typedId = typed('idNumber');
    if (typedName) setName(typedName);
    if (typedId) setIdNumber(typedId);
  }, [id]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = realNameProblem({ name, idNumber });
    setError(found);
    if (found) {
      document.getElementById(`${id}-${found.field}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await submitRealName(name, cleanIdNumber(idNumber));
      toast('实名认证成功');
      location.replace(props.doneHref);
    } catch (e) {
      // An ApiError of the request client (not imported: it would load the client up front).
      const answer =
        e instanceof Error && typeof (e as { code?: unknown }).code === 'number'
          ? (e as Error & { code: number })
          : null;
      const message = answer?.message || Messages.SYSTEM_ERROR;
      setError({ field: answer && NAME_CODES.has(answer.code) ? 'name' : 'idNumber', message });
      setBusy(false);
    }
  }

  const errorFor = (field: 'name' | 'idNumber') =>
    error?.field === field ? (
      <p className="realname-error" id={`${id}-${field}-error`} role="alert">
        {error.message}
      </p>
    ) : null;

  return (
    <form ref={form} className="realname-form" onSubmit={submit} noValidate>
      <div className="realname-fields">
        <div className="realname-field">
          <label htmlFor={`${id}-name`}>真实姓名</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={30}
            autoComplete="name"
            placeholder="与身份证一致的姓名"
            aria-invalid={error?.field === 'name'}
            aria-describedby={error?.field === 'name' ? `${id}-name-error` : undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        {errorFor('name')}
        <div className="realname-field">
          <label htmlFor={`${id}-idNumber`}>身份证号</label>
          <input
            id={`${id}-idNumber`}
            value={idNumber}
            maxLength={22}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="18位二代身份证号码"
            aria-invalid={error?.field === 'idNumber'}
            aria-describedby={error?.field === 'idNumber' ? `${id}-idNumber-error` : undefined}
            onChange={(e) => setIdNumber(e.target.value)}
          />
        </div>
        {errorFor('idNumber')}
      </div>
      <p className="realname-privacy">您的身份信息将加密保存，仅用于跨境商品清关。</p>
      <button type="submit" className="realname-submit" disabled={!hydrated || busy}>
        {busy ? '提交中…' : props.submitLabel}
      </button>
    </form>
  );
}
