/**
 * 申请售后: the reason (one of the kind's), a description with its live count, up to six photos —
 * each sent as its raw bytes as soon as it is chosen, shown as a thumbnail that can be removed —
 * and 提交申请, once, then the new after-sale's page. The kind and the amount are the page's
 * (decided on the server); refusals are the server's own words.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { MAX_UPLOAD_BYTES, UploadMessages } from '#lib/platform/upload.ts';
import { toast } from '#lib/platform/toast.ts';
import { applyAfterSale, uploadPhoto } from '#lib/after-sales/index.ts';
import type { AfterSaleKind } from '#lib/after-sales/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './AfterSaleForm.css';

interface Props {
  orderNo: string;
  lineId: number;
  kind: AfterSaleKind;
  /** The reasons of the kind, in the order shown. */
  reasons: readonly string[];
  maxPhotos: number;
  maxDescription: number;
  /** 退款金额, formatted by the page. */
  amountText: string;
  /** The after-sale page's link without its number (the shop and sharer carried). */
  detailHref: string;
}

interface Photo {
  key: number;
  /** The chosen file, shown at once. */
  preview: string;
  /** Once stored: its id and where the server shows it. */
  photoId: number | null;
  url: string | null;
  controller: AbortController;
}

/** Why a chosen file cannot be sent, if so. An unknown type (some HEIC) goes to the server. */
function refusal(file: File): string | null {
  if (file.type && !file.type.startsWith('image/')) return UploadMessages.NOT_IMAGE;
  if (file.size === 0) return UploadMessages.NOT_IMAGE;
  if (file.size > MAX_UPLOAD_BYTES) return UploadMessages.TOO_LARGE;
  return null;
}

let keys = 0;

export default function AfterSaleForm(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [busy, setBusy] = useState(false);
  const current = useRef<Photo[]>([]);
  current.current = photos;

  // Leaving the page: uploads still running stop, previews are let go.
  useEffect(
    () => () => {
      for (const photo of current.current) {
        photo.controller.abort();
        URL.revokeObjectURL(photo.preview);
      }
    },
    [],
  );

  function drop(key: number) {
    const photo = current.current.find((p) => p.key === key);
    if (photo) {
      photo.controller.abort();
      URL.revokeObjectURL(photo.preview);
    }
    setPhotos((list) => list.filter((p) => p.key !== key));
  }

  async function send(photo: Photo, file: File) {
    try {
      const stored = await uploadPhoto(file, photo.controller.signal);
      setPhotos((list) =>
        list.map((p) =>
          p.key === photo.key ? { ...p, photoId: stored.photoId, url: stored.url } : p,
        ),
      );
    } catch (error) {
      // Removed while it was sent: nothing to say.
      if (photo.controller.signal.aborted) return;
      drop(photo.key);
      const { code, message } = error as { code?: number; message?: string };
      toast(code === 413 ? UploadMessages.TOO_LARGE : message || '图片上传失败，请重试');
    }
  }

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    // Cleared, so choosing the same picture again adds it again.
    input.value = '';
    const room = props.maxPhotos - photos.length;
    if (files.length > room) toast(`最多上传${props.maxPhotos}张图片`);
    const added: Photo[] = [];
    for (const file of files.slice(0, Math.max(room, 0))) {
      const refused = refusal(file);
      if (refused) {
        toast(refused);
        continue;
      }
      const photo: Photo = {
        key: (keys += 1),
        preview: URL.createObjectURL(file),
        photoId: null,
        url: null,
        controller: new AbortController(),
      };
      added.push(photo);
      void send(photo, file);
    }
    if (added.length > 0) setPhotos((list) => [...list, ...added]);
  }

  async function submit() {
    if (busy) return;
    if (!reason) {
      toast('请选择售后原因');
      return;
    }
    if (photos.some((p) => p.photoId === null)) {
      toast('图片上传中，请稍候');
      return;
    }
    setBusy(true);
    try {
      const view = await applyAfterSale({
        orderNo: props.orderNo,
        lineId: props.lineId,
        kind: props.kind,
        reason,
        description: description.trim(),
        photoIds: photos.map((p) => p.photoId!),
      });
      toast('售后申请已提交', 1500);
      const target = new URL(props.detailHref, location.origin);
      target.searchParams.set('afterSaleNo', view.afterSaleNo);
      location.replace(`${target.pathname}${target.search}`);
    } catch {
      // The request client has said why; the shopper may correct and send again.
      setBusy(false);
    }
  }

  const uploading = photos.some((p) => p.photoId === null);
  return (
    <div className="as-form">
      <fieldset className="as-card as-reasons">
        <legend>申请原因</legend>
        {props.reasons.map((r) => (
          <label key={r}>
            <span>{r}</span>
            <input
              type="radio"
              name="reason"
              value={r}
              checked={reason === r}
              onChange={() => setReason(r)}
            />
          </label>
        ))}
      </fieldset>

      <section className="as-card">
        <label className="as-label" htmlFor={`${id}-description`}>
          问题描述<span className="as-optional">（选填）</span>
        </label>
        <textarea
          id={`${id}-description`}
          className="as-description"
          value={description}
          maxLength={props.maxDescription}
          rows={4}
          placeholder="请描述遇到的问题，便于商家尽快处理"
          aria-describedby={`${id}-count`}
          onChange={(e) => setDescription(e.target.value.slice(0, props.maxDescription))}
        />
        <p className="as-count" id={`${id}-count`} aria-live="polite" data-description-count>
          {description.length}/{props.maxDescription}
        </p>
      </section>

      <section className="as-card" aria-labelledby={`${id}-photos`}>
        <h2 className="as-label" id={`${id}-photos`}>
          上传凭证<span className="as-optional">（选填）</span>
        </h2>
        <ul className="as-photos">
          {photos.map((photo, i) => (
            <li key={photo.key} data-photo={photo.photoId ?? 'uploading'}>
              <img
                src={photo.preview}
                alt={`凭证图片${i + 1}`}
                onError={(e) => {
                  // A format this browser cannot show (HEIC): the stored JPEG instead.
                  if (photo.url && e.currentTarget.src !== photo.url)
                    e.currentTarget.src = photo.url;
                }}
              />
              {photo.photoId === null && <span className="as-uploading">上传中</span>}
              <button
                type="button"
                className="as-remove"
                aria-label={`删除凭证图片${i + 1}`}
                onClick={() => drop(photo.key)}
              >
                ×
              </button>
            </li>
          ))}
          {photos.length < props.maxPhotos && (
            <li>
              <label className="as-add" data-disabled={!hydrated || undefined}>
                <input
                  type="file"
                  accept="image/*"
                  multiple
                  disabled={!hydrated || busy}
                  aria-label="上传凭证图片"
                  onChange={chosen}
                />
                <span aria-hidden="true">+</span>
                <span className="as-add-text">
                  {photos.length}/{props.maxPhotos}
                </span>
              </label>
            </li>
          )}
        </ul>
        <p className="as-hint">最多上传{props.maxPhotos}张图片，每张不超过5MB</p>
      </section>

      <div className="as-bar" data-bottom-bar>
        <p className="as-amount">
          退款金额 <strong>¥{props.amountText}</strong>
        </p>
        <button
          type="button"
          className="as-submit"
          disabled={!hydrated || busy}
          aria-busy={busy || uploading}
          onClick={submit}
        >
          {busy ? '提交中…' : '提交申请'}
        </button>
      </div>
    </div>
  );
}
