/**
 * A markup's editor (global-add-price): 按百分比 or 按固定金额, the amount, the platform's limit,
 * and a preview of a few products' current → new price, priced by the server as the manager
 * types (nothing saved), then 保存. The checks of markups.ts run here first, so a markup beyond
 * the limit says so at once; the server checks again. A sale's editor opens from 修改加价.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { toast } from '#lib/platform/toast.ts';
import { formatYuan } from '#lib/platform/money.ts';
import {
  checkMarkup,
  limitLabel,
  markupInputOf,
  parseMarkupText,
  type MarkupLimit,
} from '#lib/catalog/index.ts';
import { previewPrices, saveMarkup } from '#lib/catalog/index.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './MarkupEditor.css';

type Kind = 'percent' | 'fixed';

interface Props {
  /** The sale whose markup this is; absent for the shop's global markup. */
  activityNo?: string;
  /** For the labels: 全局加价 or the sale's title. */
  title: string;
  markup: { kind: Kind; addPriceBp: number; addPriceCents: number };
  limit: MarkupLimit;
  /** A few products with today's price, for the preview. */
  sample: { productNo: string; name: string; priceCents: number }[];
  /** A sale's editor starts closed behind 修改加价. */
  collapsed?: boolean;
}

const PREVIEW_DELAY_MS = 250;

/** "10", "12.5", "5.2": basis points or cents as typed. */
const typed = (value: number) => String(Number((value / 100).toFixed(2)));

export default function MarkupEditor(props: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const scope = props.activityNo === undefined ? 'global' : 'sale';
  const saved = props.markup;
  const savedNone = saved.addPriceBp === 0 && saved.addPriceCents === 0;
  const [open, setOpen] = useState(!props.collapsed);
  const [kind, setKind] = useState<Kind>(savedNone ? 'percent' : saved.kind);
  const [text, setText] = useState(
    typed(saved.kind === 'percent' ? saved.addPriceBp : saved.addPriceCents),
  );
  const [finals, setFinals] = useState<Record<string, number> | null>(() =>
    Object.fromEntries(props.sample.map((p) => [p.productNo, p.priceCents])),
  );
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const parsed = parseMarkupText(text);
  const input = parsed.ok ? markupInputOf(kind, parsed.value) : null;
  const check = input ? checkMarkup(input, props.limit, scope) : null;
  const error = !parsed.ok ? parsed.message : check && !check.ok ? check.message : serverError;
  const valid = input !== null && check?.ok === true;
  const key = valid ? `${input.addPriceBp}:${input.addPriceCents}` : '';

  // The preview follows what is typed, priced by the server; a newer input cancels the older call.
  useEffect(() => {
    if (!hydrated || !open || !valid || props.sample.length === 0) return;
    const controller = new AbortController();
    setFinals(null);
    const timer = setTimeout(() => {
      previewPrices(
        props.sample.map((p) => p.productNo),
        { ...input, activityNo: props.activityNo },
        controller.signal,
      )
        .then((prices) =>
          setFinals(Object.fromEntries(prices.map((p) => [p.productNo, p.finalPriceCents]))),
        )
        .catch((error: Error) => {
          if (!controller.signal.aborted) setServerError(error.message);
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `key` stands for the input (an object made anew on every render): the effect runs again
    // when the markup typed changes, not on every render.
  }, [hydrated, open, key]);

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid || busy) {
      if (error) toast(error);
      return;
    }
    setBusy(true);
    try {
      await saveMarkup(props.activityNo, input);
      toast('保存成功', 1500);
      location.reload();
    } catch (failure) {
      setServerError((failure as Error).message);
      setBusy(false);
    }
  }

  const change = (update: () => void) => {
    setServerError(null);
    update();
  };

  if (!open) {
    return (
      <div className="mk-closed">
        <button
          type="button"
          className="mk-btn"
          disabled={!hydrated}
          aria-label={`修改加价：${props.title}`}
          onClick={() => setOpen(true)}
        >
          修改加价
        </button>
      </div>
    );
  }

  return (
    <form className="mk-editor" onSubmit={save} aria-label={`${props.title}设置`} noValidate>
      <fieldset className="mk-kinds">
        <legend className="mk-sr">加价方式</legend>
        {(
          [
            ['percent', '按百分比'],
            ['fixed', '按固定金额'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={kind === value ? 'on' : undefined}>
            <input
              type="radio"
              name={`${id}-kind`}
              value={value}
              checked={kind === value}
              onChange={() => change(() => setKind(value))}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <label className="mk-amount">
        <span>{kind === 'percent' ? '加价比例' : '加价金额'}</span>
        {kind === 'fixed' && <b aria-hidden="true">¥</b>}
        <input
          value={text}
          inputMode="decimal"
          autoComplete="off"
          maxLength={10}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-limit ${id}-error`}
          onChange={(e) => change(() => setText(e.target.value))}
        />
        {kind === 'percent' && <b aria-hidden="true">%</b>}
      </label>
      <p className="mk-limit" id={`${id}-limit`}>
        平台上限：{kind === 'percent' ? '按百分比' : '按固定金额'}最高
        {limitLabel(kind, props.limit)}
      </p>
      <p className="mk-error" id={`${id}-error`} role="alert">
        {error ?? ''}
      </p>
      {props.sample.length > 0 && (
        <ul className="mk-preview" aria-label="价格预览" aria-busy={finals === null}>
          {props.sample.map((p) => {
            const final = valid ? finals?.[p.productNo] : undefined;
            return (
              <li key={p.productNo} data-preview={p.productNo}>
                <span className="mk-name">{p.name}</span>
                <span className="mk-prices">
                  <span className="mk-now">¥{formatYuan(p.priceCents)}</span>
                  <span aria-hidden="true">→</span>
                  <strong data-final>{final === undefined ? '—' : `¥${formatYuan(final)}`}</strong>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mk-actions">
        {props.collapsed && (
          <button type="button" className="mk-btn" onClick={() => setOpen(false)} disabled={busy}>
            取消
          </button>
        )}
        <button type="submit" className="mk-btn solid" disabled={!hydrated || busy}>
          保存
        </button>
      </div>
    </form>
  );
}
