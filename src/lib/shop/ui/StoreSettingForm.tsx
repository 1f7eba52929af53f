/**
 * 店铺设置: the shop's logo, name, intro, notice and follow link, as the owner edits them. A new
 * logo is uploaded at once (checked and cut square on the server) and previewed; 保存 sends every
 * field together, checked first here by the server's own rules (shop/settings.ts), so a bad field
 * is named before anything is sent and nothing is half saved.
 */
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { MAX_UPLOAD_BYTES, UploadMessages } from '#lib/platform/upload.ts';
import {
  FOLLOW_URL_MAX,
  NOTICE_TEXT_MAX,
  SHOP_INTRO_MAX,
  SHOP_NAME_MAX,
  charCount,
  checkShopSettings,
  type SettingsField,
} from '#lib/shop/index.ts';
import { ShopSettingErrors } from '#lib/shop/index.ts';
import { saveSettings, uploadLogo } from '#lib/shop/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './StoreSetting.css';

interface Props {
  shopName: string;
  shopLogoUrl: string;
  intro: string;
  noticeEnabled: boolean;
  noticeText: string;
  followUrl: string;
}

type Field = SettingsField | 'logo';

const LOGO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Which field a server refusal is about, by its code (settings-errors.ts). */
const E = ShopSettingErrors;
const FIELD_BY_CODE = new Map<number, Field>([
  [E.SHOP_NAME_EMPTY.code, 'shopName'],
  [E.SHOP_NAME_SYMBOLS_ONLY.code, 'shopName'],
  [E.SHOP_NAME_TOO_LONG.code, 'shopName'],
  [E.SHOP_INTRO_TOO_LONG.code, 'intro'],
  [E.SHOP_NOTICE_REQUIRED.code, 'noticeText'],
  [E.SHOP_NOTICE_TOO_LONG.code, 'noticeText'],
  [E.FOLLOW_URL_INVALID.code, 'followUrl'],
  [E.FOLLOW_URL_TOO_LONG.code, 'followUrl'],
  [E.LOGO_NOT_UPLOADED.code, 'logo'],
]);

export default function StoreSettingForm(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [shopName, setShopName] = useState(props.shopName);
  const [intro, setIntro] = useState(props.intro);
  const [noticeEnabled, setNoticeEnabled] = useState(props.noticeEnabled);
  const [noticeText, setNoticeText] = useState(props.noticeText);
  const [followUrl, setFollowUrl] = useState(props.followUrl);
  const [logoUrl, setLogoUrl] = useState(props.shopLogoUrl);
  const [logoMediaId, setLogoMediaId] = useState<number | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);

  const problemOf = (field: Field) =>
    problem?.field === field ? (
      <p className="ss-problem" role="alert" data-problem={field}>
        {problem.message}
      </p>
    ) : null;
  const invalid = (field: Field) => (problem?.field === field ? true : undefined);

  async function chooseLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!LOGO_TYPES.has(file.type)) {
      setProblem({ field: 'logo', message: ShopSettingErrors.LOGO_TYPE.message });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setProblem({ field: 'logo', message: UploadMessages.TOO_LARGE });
      return;
    }
    setProblem(null);
    setUploading(true);
    try {
      const stored = await uploadLogo(file);
      setLogoUrl(stored.logoUrl);
      setLogoMediaId(stored.logoMediaId);
      toast('LOGO已上传，保存后生效', 1500);
    } catch (error) {
      setProblem({ field: 'logo', message: (error as Error).message || UploadMessages.NOT_IMAGE });
    } finally {
      setUploading(false);
    }
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (uploading) {
      toast('图片上传中，请稍候');
      return;
    }
    const check = checkShopSettings({ shopName, intro, noticeEnabled, noticeText, followUrl });
    if (!check.ok) {
      setProblem({ field: check.field, message: check.error.message });
      document.getElementById(`${id}-${check.field}`)?.focus();
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const saved = await saveSettings({
        shopName,
        intro,
        noticeEnabled,
        noticeText,
        followUrl,
        logoMediaId,
      });
      setShopName(saved.shopName);
      setIntro(saved.intro);
      setNoticeEnabled(saved.noticeEnabled);
      setNoticeText(saved.noticeText);
      setFollowUrl(saved.followUrl);
      setLogoUrl(saved.shopLogoUrl);
      setLogoMediaId(undefined);
      document.title = `店铺设置 | ${saved.shopName}`;
      toast('保存成功');
    } catch (error) {
      // The request client has toasted why; the field it is about is marked too.
      const field = FIELD_BY_CODE.get((error as { code?: number }).code ?? 0);
      if (field) setProblem({ field, message: (error as Error).message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="ss-form" aria-label="店铺设置" onSubmit={save} noValidate>
      <section className="ss-card ss-logo" aria-labelledby={`${id}-logo-title`}>
        {logoUrl ? (
          <img src={logoUrl} alt="店铺LOGO预览" width="64" height="64" data-logo-preview />
        ) : (
          <span className="ss-logo-empty" aria-hidden="true">
            {[...shopName.trim()][0] ?? '店'}
          </span>
        )}
        <div className="ss-logo-text">
          <h2 id={`${id}-logo-title`}>店铺LOGO</h2>
          <p className="ss-hint">支持 JPG、PNG、WEBP，不超过5MB，将裁剪为正方形</p>
        </div>
        <label className="ss-upload" data-disabled={!hydrated || uploading || undefined}>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-label="更换店铺LOGO"
            disabled={!hydrated || uploading || saving}
            onChange={chooseLogo}
          />
          {uploading ? '上传中…' : '更换'}
        </label>
        {problemOf('logo')}
      </section>

      <section className="ss-card">
        <label className="ss-field" htmlFor={`${id}-shopName`}>
          店铺名称
        </label>
        <input
          id={`${id}-shopName`}
          name="shopName"
          value={shopName}
          maxLength={SHOP_NAME_MAX * 3}
          autoComplete="off"
          placeholder="请输入店铺名称"
          aria-invalid={invalid('shopName')}
          aria-describedby={`${id}-shopName-hint`}
          onChange={(e) => setShopName(e.target.value)}
        />
        <p className="ss-hint" id={`${id}-shopName-hint`}>
          最多{SHOP_NAME_MAX}个字，表情和特殊符号不会保存；店铺名称显示在每个页面的标题上
        </p>
        {problemOf('shopName')}

        <label className="ss-field" htmlFor={`${id}-intro`}>
          店铺简介<span className="ss-optional">（选填）</span>
        </label>
        <textarea
          id={`${id}-intro`}
          name="intro"
          value={intro}
          rows={3}
          maxLength={SHOP_INTRO_MAX * 2}
          placeholder="介绍一下你的店铺"
          aria-invalid={invalid('intro')}
          onChange={(e) => setIntro(e.target.value)}
        />
        <p className="ss-count" aria-live="polite">
          {charCount(intro.trim())}/{SHOP_INTRO_MAX}
        </p>
        {problemOf('intro')}
      </section>

      <section className="ss-card">
        <div className="ss-switch-row">
          <label htmlFor={`${id}-noticeEnabled`}>店铺公告</label>
          <input
            id={`${id}-noticeEnabled`}
            type="checkbox"
            role="switch"
            className="ss-switch"
            checked={noticeEnabled}
            aria-describedby={`${id}-notice-hint`}
            onChange={(e) => setNoticeEnabled(e.target.checked)}
          />
        </div>
        <p className="ss-hint" id={`${id}-notice-hint`}>
          开启后，顾客进入店铺时会先看到这条公告（每条公告每位顾客看一次）
        </p>
        <label className="ss-field" htmlFor={`${id}-noticeText`}>
          公告内容
        </label>
        <textarea
          id={`${id}-noticeText`}
          name="noticeText"
          value={noticeText}
          rows={4}
          maxLength={NOTICE_TEXT_MAX * 2}
          placeholder={noticeEnabled ? '请输入公告内容' : '请输入公告内容，开启后展示'}
          aria-invalid={invalid('noticeText')}
          onChange={(e) => setNoticeText(e.target.value)}
        />
        <p className="ss-count" aria-live="polite">
          {charCount(noticeText.trim())}/{NOTICE_TEXT_MAX}
        </p>
        {problemOf('noticeText')}
      </section>

      <section className="ss-card">
        <label className="ss-field" htmlFor={`${id}-followUrl`}>
          公众号关注链接<span className="ss-optional">（选填）</span>
        </label>
        <input
          id={`${id}-followUrl`}
          name="followUrl"
          type="url"
          inputMode="url"
          value={followUrl}
          maxLength={FOLLOW_URL_MAX}
          autoComplete="off"
          placeholder="https://"
          aria-invalid={invalid('followUrl')}
          onChange={(e) => setFollowUrl(e.target.value)}
        />
        <p className="ss-hint">以 https:// 开头；支付成功页会展示关注二维码</p>
        {problemOf('followUrl')}
      </section>

      <div className="ss-bar">
        <button type="submit" className="ss-save" disabled={!hydrated || saving}>
          {saving ? '保存中…' : '保存'}
        </button>
      </div>
    </form>
  );
}
