/**
 * The chat's input bar: a text (checked as the server will: 1–500 characters once trimmed), 发送,
 * and 图片 (JPEG, PNG or WebP up to 5 MB, uploaded then sent). Extra buttons (商品, 订单) come from
 * the page that uses it.
 */
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { MAX_UPLOAD_BYTES, UploadMessages } from '#lib/platform/upload.ts';
import { RAW_TEXT_MAX, checkText } from '#lib/service/index.ts';
import { ServiceErrors } from '#lib/service/index.ts';
import { SERVICE_IMAGE_TYPES } from '#lib/service/index.ts';
import { uploadPicture, type Send } from '#lib/service/index.ts';

interface Props {
  /** Sends one message; resolves once stored (rejects with the server's refusal, toasted). */
  send(body: Send): Promise<unknown>;
  disabled: boolean;
  placeholder?: string;
  extra?: ReactNode;
}

export default function Composer({ send, disabled, placeholder = '请输入消息', extra }: Props) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkText(text);
    if (!check.ok) {
      toast(check.error.message);
      return;
    }
    setBusy(true);
    try {
      await send({ kind: 'text', text: check.value });
      setText('');
    } catch {
      // The request client has said why; the text stays to try again.
    } finally {
      setBusy(false);
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!SERVICE_IMAGE_TYPES.includes(file.type)) {
      toast(ServiceErrors.SERVICE_IMAGE_TYPE.message);
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      toast(UploadMessages.TOO_LARGE);
      return;
    }
    setBusy(true);
    try {
      const stored = await uploadPicture(file);
      await send({ kind: 'image', mediaId: stored.mediaId });
    } catch (error) {
      const message = (error as Error).message;
      if (message) toast(message);
    } finally {
      setBusy(false);
    }
  }

  const off = disabled || busy;
  return (
    <form className="chat-composer" onSubmit={submit} aria-label="发送消息">
      <div className="chat-tools">
        <label className="chat-tool" data-disabled={off || undefined}>
          <input
            type="file"
            accept={SERVICE_IMAGE_TYPES.join(',')}
            aria-label="发送图片"
            disabled={off}
            onChange={choose}
          />
          图片
        </label>
        {extra}
      </div>
      <div className="chat-input-row">
        <textarea
          value={text}
          rows={1}
          maxLength={RAW_TEXT_MAX}
          placeholder={placeholder}
          aria-label="消息内容"
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <button type="submit" className="chat-send" disabled={off || text.trim() === ''}>
          发送
        </button>
      </div>
    </form>
  );
}
