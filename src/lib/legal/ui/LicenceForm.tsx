/**
 * 营业执照信息 (license-setting, the shop's owner): the licence picture, uploaded at once (checked
 * and shrunk on the server) and previewed, and the registered facts as printed on the licence; 保存
 * sends them all with the picture, checked first here by the server's own rules (legal/licence.ts),
 * so a bad field is named before anything is sent and nothing is half saved.
 */
import { useId, useState, type ChangeEvent, type SubmitEvent, type ReactNode } from 'react';
import { ApiError } from '#lib/platform/client.ts';
import { toast } from '#lib/platform/toast.ts';
import { MAX_UPLOAD_BYTES, UploadMessages } from '#lib/platform/upload.ts';
import {
  LICENCE_KINDS,
  LegalErrors,
  checkLicence,
  isIndividualBusiness,
  saveLicence,
  uploadLicencePicture,
  type LicenceField,
  type LicenceInput,
} from '#lib/legal/index.ts';
import { FormField, controlProps } from '../../../ui/FormField.tsx';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './PublishForm.css';

interface Props {
  licence: LicenceInput | null;
  pictureUrl: string | null;
  /** The shop's day today: a licence cannot be founded later. */
  today: string;
}

const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const E = LegalErrors;
const FIELD_BY_CODE = new Map<number, LicenceField>([
  [E.LICENCE_KIND_INVALID.code, 'kind'],
  [E.LICENCE_NAME_EMPTY.code, 'name'],
  [E.LICENCE_NAME_TOO_LONG.code, 'name'],
  [E.LICENCE_CODE_FORMAT.code, 'creditCode'],
  [E.LICENCE_CODE_CHECK.code, 'creditCode'],
  [E.LICENCE_REPRESENTATIVE_EMPTY.code, 'representative'],
  [E.LICENCE_REPRESENTATIVE_TOO_LONG.code, 'representative'],
  [E.LICENCE_CAPITAL_TOO_LONG.code, 'capital'],
  [E.LICENCE_FOUNDED_INVALID.code, 'foundedOn'],
  [E.LICENCE_TERM_INVALID.code, 'termStart'],
  [E.LICENCE_TERM_ORDER.code, 'termEnd'],
  [E.LICENCE_ADDRESS_EMPTY.code, 'address'],
  [E.LICENCE_ADDRESS_TOO_LONG.code, 'address'],
  [E.LICENCE_SCOPE_EMPTY.code, 'scope'],
  [E.LICENCE_SCOPE_TOO_LONG.code, 'scope'],
  [E.LICENCE_AUTHORITY_EMPTY.code, 'authority'],
  [E.LICENCE_AUTHORITY_TOO_LONG.code, 'authority'],
  [E.LICENCE_PICTURE_MISSING.code, 'picture'],
  [E.LICENCE_PICTURE_TYPE.code, 'picture'],
  [E.LICENCE_PICTURE_NOT_UPLOADED.code, 'picture'],
]);

const EMPTY: LicenceInput = {
  kind: '有限责任公司',
  name: '',
  creditCode: '',
  representative: '',
  capital: '',
  foundedOn: '',
  termStart: '',
  termEnd: '',
  address: '',
  scope: '',
  authority: '',
};

export default function LicenceForm(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [form, setForm] = useState<LicenceInput>(props.licence ?? EMPTY);
  const [longTerm, setLongTerm] = useState(props.licence ? props.licence.termEnd === '' : true);
  const [pictureUrl, setPictureUrl] = useState(props.pictureUrl);
  const [pictureMediaId, setPictureMediaId] = useState<number | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ field: LicenceField; message: string } | null>(null);
  const individual = isIndividualBusiness(form.kind);
  const errorOf = (field: LicenceField) => (problem?.field === field ? problem.message : null);
  const set = (field: keyof LicenceInput) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));
  const input = { ...form, termEnd: longTerm ? '' : form.termEnd };

  function field(
    name: keyof LicenceInput,
    label: string,
    control: (props: ReturnType<typeof controlProps>) => ReactNode,
    hint?: string,
  ) {
    const fieldId = `${id}-${name}`;
    return (
      <FormField
        id={fieldId}
        label={label}
        hint={hint}
        error={errorOf(name)}
        className="pf-field"
        errorClassName="pf-error"
      >
        {control(controlProps(fieldId, { error: errorOf(name), hint }))}
      </FormField>
    );
  }
  const text = (name: keyof LicenceInput, label: string, hint?: string, placeholder = '') =>
    field(
      name,
      label,
      (aria) => (
        <input
          {...aria}
          name={name}
          value={form[name]}
          autoComplete="off"
          placeholder={placeholder}
          onChange={(e) => set(name)(e.target.value)}
        />
      ),
      hint,
    );
  const day = (name: keyof LicenceInput, label: string) =>
    field(name, label, (aria) => (
      <input
        {...aria}
        name={name}
        type="date"
        value={form[name]}
        max={name === 'foundedOn' ? props.today : undefined}
        onChange={(e) => set(name)(e.target.value)}
      />
    ));

  async function choosePicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!PICTURE_TYPES.has(file.type)) {
      setProblem({ field: 'picture', message: E.LICENCE_PICTURE_TYPE.message });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setProblem({ field: 'picture', message: UploadMessages.TOO_LARGE });
      return;
    }
    setProblem(null);
    setUploading(true);
    try {
      const stored = await uploadLicencePicture(file);
      setPictureUrl(stored.pictureUrl);
      setPictureMediaId(stored.pictureMediaId);
      toast('照片已上传，保存后生效', 1500);
    } catch (error) {
      setProblem({
        field: 'picture',
        message: (error as Error).message || UploadMessages.NOT_IMAGE,
      });
    } finally {
      setUploading(false);
    }
  }

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (uploading) {
      toast('照片上传中，请稍候');
      return;
    }
    if (!pictureUrl) {
      setProblem({ field: 'picture', message: E.LICENCE_PICTURE_MISSING.message });
      return;
    }
    const checked = checkLicence(input, props.today);
    if (!checked.ok) {
      setProblem({ field: checked.field, message: checked.error.message });
      document.getElementById(`${id}-${checked.field}`)?.focus();
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const saved = await saveLicence({ ...input, pictureMediaId });
      setForm({ ...saved.facts, termEnd: saved.facts.termEnd ?? '' });
      setPictureUrl(saved.pictureUrl);
      setPictureMediaId(undefined);
      toast('保存成功');
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 0;
      const message = error instanceof Error && error.message ? error.message : '保存失败，请重试';
      const at = FIELD_BY_CODE.get(code);
      if (at) setProblem({ field: at, message });
      else toast(message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="licence-form" aria-label="营业执照信息" onSubmit={save} noValidate>
      <h2>营业执照照片</h2>
      <div className="lf-picture">
        {pictureUrl ? (
          <img src={pictureUrl} alt="营业执照照片预览" data-licence-preview />
        ) : (
          <span className="lf-empty">未上传</span>
        )}
        <label className="lf-upload" data-disabled={!hydrated || uploading || undefined}>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-label={pictureUrl ? '更换营业执照照片' : '上传营业执照照片'}
            disabled={!hydrated || uploading || saving}
            onChange={choosePicture}
          />
          {uploading ? '上传中…' : pictureUrl ? '更换照片' : '上传照片'}
        </label>
      </div>
      <p className="ui-field-hint">
        请上传清晰完整的营业执照正本或副本照片，JPG、PNG、WEBP，不超过5MB
      </p>
      {errorOf('picture') && (
        <p className="pf-error" role="alert" data-problem="picture">
          {errorOf('picture')}
        </p>
      )}

      <h2 className="lf-facts">登记信息</h2>
      {field('kind', '类型', (aria) => (
        <select
          {...aria}
          name="kind"
          value={form.kind}
          onChange={(e) => set('kind')(e.target.value)}
        >
          {LICENCE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind}
            </option>
          ))}
        </select>
      ))}
      {text('name', '名称', undefined, '与营业执照上的名称一致')}
      {text('creditCode', '统一社会信用代码', '18位，营业执照左上方', '例如 91330100799655058B')}
      {text('representative', individual ? '经营者' : '法定代表人')}
      {text(
        'capital',
        individual ? '资金数额（选填）' : '注册资本（选填）',
        undefined,
        '例如 100万元人民币',
      )}
      {day('foundedOn', individual ? '注册日期' : '成立日期')}
      {day('termStart', '营业期限自')}
      <label className="lf-long">
        <input type="checkbox" checked={longTerm} onChange={(e) => setLongTerm(e.target.checked)} />
        营业期限为长期
      </label>
      {!longTerm && day('termEnd', '营业期限至')}
      {field('address', individual ? '经营场所' : '住所', (aria) => (
        <textarea
          {...aria}
          name="address"
          rows={2}
          value={form.address}
          onChange={(e) => set('address')(e.target.value)}
        />
      ))}
      {field('scope', '经营范围', (aria) => (
        <textarea
          {...aria}
          name="scope"
          rows={5}
          value={form.scope}
          onChange={(e) => set('scope')(e.target.value)}
        />
      ))}
      {text('authority', '登记机关', undefined, '例如 杭州市市场监督管理局')}
      <div className="pf-actions">
        <button type="submit" disabled={!hydrated || saving}>
          {saving ? '保存中…' : '保存'}
        </button>
      </div>
    </form>
  );
}
