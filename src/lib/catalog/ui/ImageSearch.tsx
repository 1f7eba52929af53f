/**
 * Image search: the shopper takes a photo or picks one from the album, sees it, and gets the
 * shop's look-alike products (computed on the shop's own server). A file that is not a picture or
 * is too large is refused here already, with the server's own words.
 */
import { MAX_UPLOAD_BYTES, UploadMessages } from '#lib/platform/upload.ts';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { carryQuery } from '#lib/platform/carry.ts';
import { ApiError, call } from '#lib/platform/client.ts';
import { Messages } from '#lib/platform/errors.ts';
import { CatalogEndpoints, type ImageSearchItem } from '#lib/catalog/index.ts';
import { imageSrcSet, imageUrl } from '#lib/media/index.ts';
import { toast } from '#lib/platform/toast.ts';
import './ImageSearch.css';

/** The server's limit and refusals (services/image-search.ts), repeated so no server code ships. */
const { NOT_IMAGE, TOO_LARGE } = UploadMessages;

interface Props {
  shopId: string;
}

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; items: ImageSearchItem[] }
  | { kind: 'error'; message: string };

/** Why a chosen file cannot be sent, if so. An unknown type (some HEIC) goes to the server. */
function refusal(file: File): string | null {
  if (file.type && !file.type.startsWith('image/')) return NOT_IMAGE;
  if (file.size === 0) return NOT_IMAGE;
  if (file.size > MAX_UPLOAD_BYTES) return TOO_LARGE;
  return null;
}

function productHref(productNo: string, shopId: string): string {
  const query = carryQuery(new URLSearchParams({ productNo }), {
    query: new URLSearchParams(location.search),
    defaultShopId: shopId,
    currentSpm: document.body.dataset.spm,
  });
  return `/productDetail?${query.toString()}`;
}

export default function ImageSearch({ shopId }: Props) {
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const running = useRef<AbortController | null>(null);

  // The preview's object URL lives until the next picture or until the island goes.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  useEffect(() => () => running.current?.abort(), []);

  function fail(message: string) {
    setState({ kind: 'error', message });
    toast(message);
  }

  async function search(file: File) {
    running.current?.abort();
    const refused = refusal(file);
    if (refused) {
      setPreview(null);
      fail(refused);
      return;
    }
    setPreview(URL.createObjectURL(file));
    setState({ kind: 'loading' });
    const controller = new AbortController();
    running.current = controller;
    try {
      const { items } = await call(
        CatalogEndpoints.imageSearch,
        { query: { shopBizCode: shopId }, body: file },
        { silent: true, signal: controller.signal },
      );
      setState({ kind: 'done', items });
    } catch (error) {
      // Superseded by a newer picture: nothing to say.
      if (controller.signal.aborted) return;
      const answer = error instanceof ApiError ? error : new ApiError(-1, Messages.NETWORK);
      // A proxy in front of the shop may refuse a large body in its own words.
      fail(answer.code === 413 ? TOO_LARGE : answer.message || Messages.NETWORK);
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared, so choosing the same picture again searches again.
    input.value = '';
    if (file) void search(file);
  }

  const loading = state.kind === 'loading';
  return (
    <div className="image-search" aria-busy={loading}>
      <div className="is-pickers">
        <label
          className="is-pick is-camera"
          data-disabled={loading || undefined}
          data-guide="imageSearchTips"
        >
          <input
            type="file"
            accept="image/*"
            capture="environment"
            disabled={loading}
            onChange={chosen}
            data-testid="camera-input"
          />
          <svg className="is-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M4 8h3l1.5-2h7L17 8h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
            <circle cx="12" cy="13" r="3.5" />
          </svg>
          拍照
        </label>
        <label className="is-pick is-album" data-disabled={loading || undefined}>
          <input
            type="file"
            accept="image/*"
            disabled={loading}
            onChange={chosen}
            data-testid="album-input"
          />
          从相册选择
        </label>
      </div>
      <p className="is-hint">支持 JPG、PNG、WebP、HEIC 等图片，不超过5MB</p>

      {preview && (
        <figure className="is-preview" data-loading={loading || undefined}>
          {/* A format this browser cannot show (HEIC outside Safari) is still searched. */}
          <img src={preview} alt="你选择的图片" onError={() => setPreview(null)} />
          {loading && <span className="is-scan" aria-hidden="true" />}
        </figure>
      )}

      {/* Refusals are also announced by the toast. */}
      {state.kind === 'error' && <p className="is-error">{state.message}</p>}
      <div className="is-status" role="status" aria-live="polite">
        {loading && <p className="is-loading">识别中…</p>}
        {state.kind === 'done' && state.items.length === 0 && (
          <p className="is-empty">没有找到相似的商品，换张图片试试</p>
        )}
        {state.kind === 'done' && state.items.length > 0 && (
          <h2 className="is-title">为你找到 {state.items.length} 件相似商品</h2>
        )}
      </div>

      {state.kind === 'done' && state.items.length > 0 && (
        <ul className="is-grid">
          {state.items.map((item, i) => (
            <li key={item.productNo} data-product-no={item.productNo} data-score={item.score}>
              <a href={productHref(item.productNo, shopId)}>
                <img
                  src={imageUrl(item.imageUrl, 400)}
                  srcSet={imageSrcSet(item.imageUrl)}
                  sizes="50vw"
                  width="345"
                  height="345"
                  alt={item.name}
                  loading={i < 4 ? 'eager' : 'lazy'}
                />
                <span className="is-name">{item.name}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
