/**
 * 店铺装修: the manager's editor of the home layout. Modules move up and down and are shown or
 * hidden; banners get a picture (uploaded, checked here and on the server), a title and a link,
 * and are reordered or removed. 保存草稿 keeps the draft, 预览 saves it and opens the home with
 * it, 发布 saves and publishes it. Every rule is the server's own (decoration.ts), so what is
 * refused here would be refused there.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { call } from '#lib/platform/client.ts';
import type { Wire } from '#lib/platform/contract.ts';
import { DecorationEndpoints } from '#lib/decoration/index.ts';
import type { BannerLinkChoice, DecorationState } from '#lib/decoration/index.server.ts';
import {
  MAX_BANNERS,
  BANNER_TITLE_MAX,
  MODULE_NAMES,
  move,
  parseLayout,
  publishedNote,
  sameLayout,
  type BannerLink,
  type DecorationBanner,
  type HomeLayout,
} from '#lib/decoration/index.ts';
import { DecorationErrors } from '#lib/decoration/index.ts';
import { MAX_UPLOAD_BYTES, UploadMessages } from '#lib/platform/upload.ts';
import { imageUrl } from '#lib/media/index.ts';
import { toast } from '#lib/platform/toast.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './DecorationEditor.css';

interface Props {
  shopId: string;
  state: Wire<DecorationState>;
  choices: BannerLinkChoice[];
  /** The home with the draft (`?preview=draft`). */
  previewHref: string;
}

type Busy = null | 'save' | 'preview' | 'publish' | 'upload';

const BANNER_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** A link as the select's value: the route and its query. */
const linkKey = (link: BannerLink | null): string =>
  link
    ? `${link.route}${link.params && Object.keys(link.params).length ? `?${new URLSearchParams(Object.entries(link.params).sort())}` : ''}`
    : '';

function linkOf(key: string): BannerLink | null {
  if (!key) return null;
  const [route, query] = key.split('?');
  const params = Object.fromEntries(new URLSearchParams(query ?? ''));
  return Object.keys(params).length ? { route: route!, params } : { route: route! };
}

/** Why a chosen file cannot be a banner, before it is sent; an unknown type goes to the server. */
function refusal(file: File): string | null {
  if (file.size === 0) return DecorationErrors.DECORATION_IMAGE_TYPE.message;
  if (file.type && !BANNER_TYPES.has(file.type))
    return DecorationErrors.DECORATION_IMAGE_TYPE.message;
  if (file.size > MAX_UPLOAD_BYTES) return UploadMessages.TOO_LARGE;
  return null;
}

export default function DecorationEditor(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [layout, setLayout] = useState<HomeLayout>(props.state.draft);
  const [saved, setSaved] = useState<HomeLayout>(props.state.draft);
  const [meta, setMeta] = useState({
    unpublished: props.state.unpublished,
    publishedAt: props.state.publishedAt,
    publishedBy: props.state.publishedBy,
  });
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** Why the last picture was refused, shown by the banners. */
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  /** The banner whose picture the file chooser replaces; null adds a banner. */
  const replacing = useRef<number | null>(null);

  const dirty = !sameLayout(layout, saved);
  const status = dirty
    ? '有未保存的修改'
    : meta.unpublished
      ? '草稿未发布'
      : meta.publishedAt
        ? '已发布最新装修'
        : '与首页一致';

  /** Set when the editor itself navigates (预览) right after saving. */
  const leaving = useRef(false);
  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (!leaving.current) event.preventDefault();
    };
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [dirty]);

  function edit(next: HomeLayout) {
    setProblem(null);
    setUploadProblem(null);
    setLayout(next);
  }
  const setBanner = (index: number, patch: Partial<DecorationBanner>) =>
    edit({
      ...layout,
      banners: layout.banners.map((b, i) => (i === index ? { ...b, ...patch } : b)),
    });

  /** Saves the draft when it changed; false when it was refused (the reason is shown). */
  async function persist(): Promise<boolean> {
    if (!dirty) return true;
    const checked = parseLayout(layout);
    if (!checked.ok) {
      setProblem(checked.message);
      toast(checked.message);
      return false;
    }
    try {
      const state = await call(DecorationEndpoints.saveDraft, {
        query: { shopBizCode: props.shopId },
        body: checked.value,
      });
      setLayout(state.draft);
      setSaved(state.draft);
      setMeta({
        unpublished: state.unpublished,
        publishedAt: state.publishedAt,
        publishedBy: state.publishedBy,
      });
      return true;
    } catch {
      // The request client has shown why.
      return false;
    }
  }

  async function run(kind: 'save' | 'preview' | 'publish') {
    if (busy) return;
    setBusy(kind);
    try {
      if (!(await persist())) return;
      if (kind === 'save') toast(DecorationEndpoints.saveDraft.message);
      if (kind === 'preview') {
        leaving.current = true;
        location.assign(props.previewHref);
        return;
      }
      if (kind === 'publish') {
        const state = await call(DecorationEndpoints.publish, {
          query: { shopBizCode: props.shopId },
        });
        setLayout(state.draft);
        setSaved(state.draft);
        setMeta({
          unpublished: state.unpublished,
          publishedAt: state.publishedAt,
          publishedBy: state.publishedBy,
        });
        toast(DecorationEndpoints.publish.message);
      }
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(null);
    }
  }

  function choose(index: number | null) {
    replacing.current = index;
    fileInput.current?.click();
  }

  async function chosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared, so choosing the same picture again is a new choice.
    input.value = '';
    if (!file || busy) return;
    const refused = refusal(file);
    if (refused) {
      setUploadProblem(refused);
      toast(refused);
      return;
    }
    setUploadProblem(null);
    setBusy('upload');
    try {
      const { imageUrl: url } = await call(
        DecorationEndpoints.uploadBanner,
        { query: { shopBizCode: props.shopId }, body: file },
        { silent: true },
      );
      const index = replacing.current;
      if (index === null) {
        edit({
          ...layout,
          banners: [...layout.banners, { title: '新横幅', imageUrl: url, link: null }],
        });
      } else {
        setBanner(index, { imageUrl: url });
      }
    } catch (error) {
      const { code, message } = error as { code?: number; message?: string };
      const why = code === 413 ? UploadMessages.TOO_LARGE : message || '图片上传失败，请重试';
      setUploadProblem(why);
      toast(why);
    } finally {
      setBusy(null);
    }
  }

  const disabled = !hydrated || busy !== null;
  const knownLinks = new Set(props.choices.map((c) => linkKey(c.link)));

  return (
    <div className="deco-editor" data-decoration-editor>
      <p className="deco-note" data-published-note>
        {publishedNote(meta.publishedAt, meta.publishedBy)}
      </p>
      <div className="deco-bar">
        <p className="deco-status" data-decoration-status>
          {status}
        </p>
        <div className="deco-actions">
          <button type="button" disabled={disabled || !dirty} onClick={() => run('save')}>
            保存草稿
          </button>
          <button type="button" disabled={disabled} onClick={() => run('preview')}>
            预览
          </button>
          <button
            type="button"
            className="deco-primary"
            disabled={disabled || (!dirty && !meta.unpublished)}
            onClick={() => run('publish')}
          >
            {busy === 'publish' ? '发布中…' : '发布'}
          </button>
        </div>
      </div>

      {problem && (
        <p className="deco-problem" role="alert" data-decoration-problem>
          {problem}
        </p>
      )}

      <section className="deco-card" aria-labelledby={`${id}-modules`}>
        <h2 id={`${id}-modules`}>首页模块</h2>
        <p className="deco-hint">调整模块顺序，关闭的模块不在首页显示。</p>
        <ol className="deco-modules" data-decoration-modules>
          <li className="deco-fixed">
            <span className="deco-name">搜索栏</span>
            <small>固定在顶部</small>
          </li>
          {layout.modules.map((module, index) => {
            const name = MODULE_NAMES[module.kind];
            return (
              <li
                key={module.kind}
                data-module={module.kind}
                className={module.visible ? undefined : 'deco-off'}
              >
                <span className="deco-name">{name}</span>
                {!module.visible && <small>已隐藏</small>}
                <span className="deco-tools">
                  <button
                    type="button"
                    className="deco-icon"
                    aria-label={`上移${name}`}
                    disabled={disabled || index === 0}
                    onClick={() => edit({ ...layout, modules: move(layout.modules, index, -1) })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="deco-icon"
                    aria-label={`下移${name}`}
                    disabled={disabled || index === layout.modules.length - 1}
                    onClick={() => edit({ ...layout, modules: move(layout.modules, index, 1) })}
                  >
                    ↓
                  </button>
                  <label className="deco-switch">
                    <input
                      type="checkbox"
                      role="switch"
                      aria-label={`显示${name}`}
                      checked={module.visible}
                      disabled={disabled}
                      onChange={(event) =>
                        edit({
                          ...layout,
                          modules: layout.modules.map((m, i) =>
                            i === index ? { ...m, visible: event.currentTarget.checked } : m,
                          ),
                        })
                      }
                    />
                    <span aria-hidden="true" />
                  </label>
                </span>
              </li>
            );
          })}
        </ol>
      </section>

      <section className="deco-card" aria-labelledby={`${id}-banners`}>
        <h2 id={`${id}-banners`}>
          轮播横幅
          <small>
            {layout.banners.length}/{MAX_BANNERS}
          </small>
        </h2>
        <p className="deco-hint">支持 JPG、PNG、WebP，不超过5MB，建议尺寸 750×320。</p>
        {layout.banners.length === 0 && <p className="deco-empty">还没有横幅，添加一张吧。</p>}
        <ol className="deco-banners" data-decoration-banners>
          {layout.banners.map((banner, index) => {
            const key = linkKey(banner.link);
            return (
              <li key={`${index}-${banner.imageUrl}`} data-banner={index}>
                <img
                  src={imageUrl(banner.imageUrl, 400)}
                  alt={banner.title}
                  width="750"
                  height="320"
                />
                <label>
                  <span>标题</span>
                  <input
                    value={banner.title}
                    maxLength={BANNER_TITLE_MAX * 2}
                    disabled={disabled}
                    onChange={(event) => setBanner(index, { title: event.currentTarget.value })}
                  />
                </label>
                <label>
                  <span>链接</span>
                  <select
                    value={key}
                    disabled={disabled}
                    onChange={(event) =>
                      setBanner(index, { link: linkOf(event.currentTarget.value) })
                    }
                  >
                    <option value="">不链接</option>
                    {key && !knownLinks.has(key) && <option value={key}>当前链接</option>}
                    {props.choices.map((choice) => (
                      <option key={linkKey(choice.link)} value={linkKey(choice.link)}>
                        {choice.label}
                      </option>
                    ))}
                  </select>
                </label>
                <div className="deco-banner-tools">
                  <button type="button" disabled={disabled} onClick={() => choose(index)}>
                    换图
                  </button>
                  <button
                    type="button"
                    aria-label={`上移横幅${index + 1}`}
                    disabled={disabled || index === 0}
                    onClick={() => edit({ ...layout, banners: move(layout.banners, index, -1) })}
                  >
                    上移
                  </button>
                  <button
                    type="button"
                    aria-label={`下移横幅${index + 1}`}
                    disabled={disabled || index === layout.banners.length - 1}
                    onClick={() => edit({ ...layout, banners: move(layout.banners, index, 1) })}
                  >
                    下移
                  </button>
                  <button
                    type="button"
                    className="deco-danger"
                    disabled={disabled}
                    onClick={() =>
                      edit({ ...layout, banners: layout.banners.filter((_, i) => i !== index) })
                    }
                  >
                    删除
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
        {uploadProblem && (
          <p className="deco-problem" role="alert" data-upload-problem>
            {uploadProblem}
          </p>
        )}
        <button
          type="button"
          className="deco-add"
          disabled={disabled || layout.banners.length >= MAX_BANNERS}
          onClick={() => choose(null)}
        >
          {busy === 'upload' ? '上传中…' : '＋ 添加横幅'}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          aria-label="选择横幅图片"
          data-banner-file
          onChange={chosen}
        />
      </section>
    </div>
  );
}
