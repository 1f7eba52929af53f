/**
 * editForward: a shop keeper's forwarding text per content type, which becomes the description of
 * their shares of that type. At most 100 characters; emoji and odd characters are taken out by
 * the server, which answers the text as saved. An empty text goes back to the default.
 */
import { useState, type SubmitEvent } from 'react';
import { FORWARD_TEXT_MAX } from '#lib/sharing/index.ts';
import { toast } from '#lib/platform/toast.ts';
import { saveForwardText } from './calls.ts';
import type { ForwardTextView } from '#lib/sharing/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';

interface Props {
  shopId: string;
  texts: ForwardTextView[];
}

function Row({ shopId, initial }: { shopId: string; initial: ForwardTextView }) {
  const hydrated = useHydrated();
  const [text, setText] = useState(initial.text);
  const [busy, setBusy] = useState(false);
  const id = `forward-${initial.contentType}`;
  const length = [...text].length;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await saveForwardText(shopId, initial.contentType, text);
      setText(saved.text);
      toast(saved.text === '' ? '已恢复默认文案' : '保存成功');
    } catch {
      // The request client showed the refusal.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="forward-row" onSubmit={submit} data-forward-type={initial.contentType}>
      <label htmlFor={id}>{initial.label}</label>
      <textarea
        id={id}
        value={text}
        maxLength={FORWARD_TEXT_MAX * 2}
        rows={3}
        placeholder="不填写则使用默认文案"
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <p className="forward-foot">
        <span className={length > FORWARD_TEXT_MAX ? 'over' : ''}>
          {length}/{FORWARD_TEXT_MAX}
        </span>
        <button type="submit" disabled={!hydrated || busy || length > FORWARD_TEXT_MAX}>
          保存
        </button>
      </p>
    </form>
  );
}

export default function ForwardEditor({ shopId, texts }: Props) {
  return (
    <div className="forward-editor">
      {texts.map((t) => (
        <Row key={t.contentType} shopId={shopId} initial={t} />
      ))}
    </div>
  );
}
