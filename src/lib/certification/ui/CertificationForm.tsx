/**
 * The certification form of one kind (个人 on personal, 个体工商户 on individual, 企业 on
 * enterprise). First the separate consent (nothing is collected before it), then the keeper's
 * real name (checked on 实名认证, which brings them back), the photos (uploaded at once, private,
 * shown back), the business's facts, the document's end date; 保存 keeps a draft, 提交认证 saves
 * and submits, then opens the page that shows what was submitted. Every check is the server's:
 * its refusal is shown under the field it names.
 */
import { useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { ApiError } from '#lib/platform/client.ts';
import { toast } from '#lib/platform/toast.ts';
import { MAX_UPLOAD_BYTES, UploadMessages } from '#lib/platform/upload.ts';
import type { PendingAgreement } from '#lib/legal/index.ts';
import { FormField, controlProps } from '../../../ui/FormField.tsx';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import {
  giveConsent,
  saveDraft,
  submitCertification,
  uploadCertificationPhoto,
  type DraftInput,
} from '../actions.ts';
import { CertificationErrors as E } from '../errors.ts';
import type { CertificationKind } from '../status.ts';
import './CertificationForm.css';

type Photo = 'idFront' | 'idBack' | 'licence';
type Field = Photo | 'subjectName' | 'creditCode' | 'representative' | 'validUntil' | 'form';

export interface CertificationFormProps {
  kind: CertificationKind;
  consent: PendingAgreement | null;
  consentHref: string;
  realName: { nameMasked: string; idNumberMasked: string } | null;
  realNameHref: string;
  saved: {
    subjectName: string | null;
    creditCode: string | null;
    representativeMasked: string | null;
    documentValidUntil: string | null;
    photoUrls: Record<Photo, string | null>;
  } | null;
  /** The shop's day: an end date before it is refused. */
  today: string;
  /** Where the submitted certification is shown. */
  viewHref: string;
}

const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const FIELD_BY_CODE = new Map<number, Field>([
  [E.CREDIT_CODE_INVALID.code, 'creditCode'],
  [E.SUBJECT_NAME_INVALID.code, 'subjectName'],
  [E.REPRESENTATIVE_INVALID.code, 'representative'],
  [E.DOCUMENT_EXPIRED.code, 'validUntil'],
  [E.PHOTO_NOT_FOUND.code, 'form'],
]);
const PHOTO_TITLES: Record<Photo, string> = {
  idFront: '身份证人像面',
  idBack: '身份证国徽面',
  licence: '营业执照',
};

export default function CertificationForm(props: CertificationFormProps) {
  const id = useId();
  const hydrated = useHydrated();
  const business = props.kind !== 'individual';
  const [consent, setConsent] = useState(props.consent);
  const [photoUrls, setPhotoUrls] = useState<Record<Photo, string | null>>(
    props.saved?.photoUrls ?? { idFront: null, idBack: null, licence: null },
  );
  const [photoIds, setPhotoIds] = useState<Partial<Record<Photo, number>>>({});
  const [subjectName, setSubjectName] = useState(props.saved?.subjectName ?? '');
  const [creditCode, setCreditCode] = useState(props.saved?.creditCode ?? '');
  const [representative, setRepresentative] = useState('');
  const [longTerm, setLongTerm] = useState(
    props.saved ? props.saved.documentValidUntil === null : false,
  );
  const [validUntil, setValidUntil] = useState(props.saved?.documentValidUntil ?? '');
  const [busy, setBusy] = useState<'consent' | Photo | 'save' | 'submit' | null>(null);
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  const errorOf = (field: Field) => (problem?.field === field ? problem.message : null);
  const locked = !hydrated || consent !== null || busy !== null;

  async function agree() {
    if (!consent || busy) return;
    setBusy('consent');
    try {
      await giveConsent(consent);
      setConsent(null);
      toast('已同意，请继续填写', 1500);
    } catch (error) {
      toast(error instanceof Error && error.message ? error.message : '提交失败，请重试');
    } finally {
      setBusy(null);
    }
  }

  async function choosePhoto(photo: Photo, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!PICTURE_TYPES.has(file.type)) {
      setProblem({ field: photo, message: '请上传JPG、PNG或WEBP格式的照片' });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setProblem({ field: photo, message: UploadMessages.TOO_LARGE });
      return;
    }
    setProblem(null);
    setBusy(photo);
    try {
      const stored = await uploadCertificationPhoto(file);
      setPhotoUrls((current) => ({ ...current, [photo]: stored.url }));
      setPhotoIds((current) => ({ ...current, [photo]: stored.photoId }));
    } catch (error) {
      setProblem({
        field: photo,
        message: error instanceof Error && error.message ? error.message : UploadMessages.NOT_IMAGE,
      });
    } finally {
      setBusy(null);
    }
  }

  function draft(): DraftInput {
    return {
      kind: props.kind,
      idFrontPhotoId: photoIds.idFront,
      idBackPhotoId: photoIds.idBack,
      ...(business && {
        licencePhotoId: photoIds.licence,
        subjectName: subjectName.trim() || undefined,
        creditCode: creditCode.trim() || undefined,
        representative: representative.trim() || undefined,
      }),
      documentValidUntil: longTerm ? null : validUntil || undefined,
    };
  }

  function refused(error: unknown, fallback: string) {
    const code = error instanceof ApiError ? error.code : 0;
    const message = error instanceof Error && error.message ? error.message : fallback;
    setProblem({ field: FIELD_BY_CODE.get(code) ?? 'form', message });
  }

  async function save(submit: boolean) {
    if (busy || consent) return;
    setProblem(null);
    setBusy(submit ? 'submit' : 'save');
    try {
      await saveDraft(draft());
      if (!submit) {
        toast('已保存');
        return;
      }
      await submitCertification();
      location.assign(props.viewHref);
    } catch (error) {
      refused(error, submit ? '提交失败，请重试' : '保存失败，请重试');
    } finally {
      setBusy(null);
    }
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void save(true);
  }

  const text = (
    name: 'subjectName' | 'creditCode' | 'representative',
    label: string,
    value: string,
    onChange: (value: string) => void,
    placeholder: string,
  ) => {
    const fieldId = `${id}-${name}`;
    return (
      <FormField
        id={fieldId}
        label={label}
        error={errorOf(name)}
        className="cf-field"
        errorClassName="cf-error"
      >
        <input
          {...controlProps(fieldId, { error: errorOf(name) })}
          name={name}
          value={value}
          autoComplete="off"
          placeholder={placeholder}
          disabled={locked}
          onChange={(e) => onChange(e.target.value)}
        />
      </FormField>
    );
  };

  const photo = (name: Photo) => (
    <div className="cf-photo" data-photo={name}>
      {photoUrls[name] ? (
        <img src={photoUrls[name]} alt={`${PHOTO_TITLES[name]}照片`} />
      ) : (
        <span className="cf-photo-empty">{PHOTO_TITLES[name]}</span>
      )}
      <label className="cf-upload" data-disabled={locked || undefined}>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-label={`${photoUrls[name] ? '更换' : '上传'}${PHOTO_TITLES[name]}照片`}
          disabled={locked}
          onChange={(event) => void choosePhoto(name, event)}
        />
        {busy === name ? '上传中…' : photoUrls[name] ? '更换' : '上传'}
      </label>
      {errorOf(name) && (
        <p className="cf-error" role="alert">
          {errorOf(name)}
        </p>
      )}
    </div>
  );

  const untilId = `${id}-until`;
  return (
    <form className="cert-form" aria-label="认证资料" onSubmit={onSubmit} noValidate>
      {consent && (
        <section className="cf-consent" aria-label="个人信息单独同意" data-consent>
          <h2>个人信息单独同意</h2>
          <p>
            认证需要收集你的身份证件{business ? '、营业执照' : ''}
            等敏感个人信息，仅用于核验身份、依法代扣税款和向主管部门报送，加密保存，不会用于其他目的。
          </p>
          <p>
            请先阅读<a href={props.consentHref}>《{consent.title}》</a>，同意后才能继续填写。
          </p>
          <button
            type="button"
            className="cf-primary"
            disabled={!hydrated || busy !== null}
            onClick={() => void agree()}
          >
            {busy === 'consent' ? '提交中…' : '同意并继续'}
          </button>
        </section>
      )}

      <section className="cf-card" aria-label="实名信息">
        <h2>实名信息</h2>
        {props.realName ? (
          <p className="cf-real-name" data-real-name>
            <span>{props.realName.nameMasked}</span>
            <span>{props.realName.idNumberMasked}</span>
            <em>已认证</em>
          </p>
        ) : (
          <p className="cf-real-name">
            <span>尚未实名认证</span>
            <a href={props.realNameHref}>去实名认证</a>
          </p>
        )}
      </section>

      <section className="cf-card" aria-label="证件照片">
        <h2>证件照片</h2>
        <div className="cf-photos">
          {photo('idFront')}
          {photo('idBack')}
          {business && photo('licence')}
        </div>
        <p className="cf-hint">请拍摄证件原件，四角完整、字迹清晰；JPG、PNG、WEBP，不超过5MB</p>
      </section>

      {business && (
        <section className="cf-card" aria-label="主体信息">
          <h2>{props.kind === 'business' ? '个体工商户信息' : '企业信息'}</h2>
          {text('subjectName', '营业执照名称', subjectName, setSubjectName, '与营业执照一致')}
          {text(
            'creditCode',
            '统一社会信用代码',
            creditCode,
            setCreditCode,
            '18位，营业执照左上方',
          )}
          {text(
            'representative',
            props.kind === 'business' ? '经营者姓名' : '法定代表人姓名',
            representative,
            setRepresentative,
            props.saved?.representativeMasked
              ? `已填写 ${props.saved.representativeMasked}，如需修改请重新填写`
              : '与营业执照一致',
          )}
        </section>
      )}

      <section className="cf-card" aria-label="证件有效期">
        <h2>{business ? '营业执照有效期' : '身份证有效期'}</h2>
        <FormField
          id={untilId}
          label="有效期至"
          error={errorOf('validUntil')}
          className="cf-field"
          errorClassName="cf-error"
        >
          <input
            {...controlProps(untilId, { error: errorOf('validUntil') })}
            type="date"
            name="documentValidUntil"
            min={props.today}
            value={longTerm ? '' : validUntil}
            disabled={locked || longTerm}
            onChange={(e) => setValidUntil(e.target.value)}
          />
        </FormField>
        <label className="cf-long">
          <input
            type="checkbox"
            checked={longTerm}
            disabled={locked}
            onChange={(e) => setLongTerm(e.target.checked)}
          />
          长期有效
        </label>
      </section>

      {errorOf('form') && (
        <p className="cf-error cf-form-error" role="alert" data-problem>
          {errorOf('form')}
        </p>
      )}
      <div className="cf-actions">
        <button type="button" disabled={locked} onClick={() => void save(false)}>
          {busy === 'save' ? '保存中…' : '保存'}
        </button>
        <button type="submit" className="cf-primary" disabled={locked}>
          {busy === 'submit' ? '提交中…' : '提交认证'}
        </button>
      </div>
    </form>
  );
}
