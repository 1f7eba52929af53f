/**
 * 分类税率, the owner's: each category of goods with how the shop taxes and prints it — its own
 * short name, 税收分类编码 and rate, or the default's until one is saved.
 */
import { useId, useState } from 'react';
import { ApiError } from '#lib/platform/client.ts';
import { toast } from '#lib/platform/toast.ts';
import { saveCategoryTax } from '../actions.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './InvoiceForm.css';

interface Row {
  categoryId: number;
  name: string;
  tax: { taxCode: string; shortName: string; rateBp: number } | null;
}

interface Props {
  rows: Row[];
  fallback: { taxCode: string; shortName: string; rateBp: number };
  rates: readonly number[];
}

function CategoryRow(props: { row: Row; fallback: Props['fallback']; rates: Props['rates'] }) {
  const id = useId();
  const hydrated = useHydrated();
  const start = props.row.tax ?? props.fallback;
  const [shortName, setShortName] = useState(start.shortName);
  const [taxCode, setTaxCode] = useState(start.taxCode);
  const [rateBp, setRateBp] = useState(start.rateBp);
  const [own, setOwn] = useState(props.row.tax !== null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    setError(null);
    try {
      await saveCategoryTax({ categoryId: props.row.categoryId, taxCode, shortName, rateBp });
      setOwn(true);
      toast('分类税率已保存', 1500);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.message ? failure.message : '保存失败，请重试',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="category-tax" data-category={props.row.name}>
      <p className="category-name">
        <strong>{props.row.name}</strong>
        <span>{own ? '本店设置' : '按默认'}</span>
      </p>
      <div className="category-fields">
        <label htmlFor={`${id}-name`}>简称</label>
        <input
          id={`${id}-name`}
          value={shortName}
          maxLength={20}
          onChange={(e) => setShortName(e.target.value)}
        />
        <label htmlFor={`${id}-code`}>编码</label>
        <input
          id={`${id}-code`}
          value={taxCode}
          inputMode="numeric"
          maxLength={19}
          onChange={(e) => setTaxCode(e.target.value)}
        />
        <label htmlFor={`${id}-rate`}>税率</label>
        <select
          id={`${id}-rate`}
          value={rateBp}
          onChange={(e) => setRateBp(Number(e.target.value))}
        >
          {props.rates.map((bp) => (
            <option key={bp} value={bp}>
              {bp / 100}%
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p className="ui-field-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="ui-pill accent small"
        disabled={busy || !hydrated}
        onClick={save}
        aria-label={`保存：${props.row.name}`}
      >
        保存
      </button>
    </li>
  );
}

export default function CategoryTaxes(props: Props) {
  return (
    <ul className="category-taxes" aria-label="分类税率">
      {props.rows.map((row) => (
        <CategoryRow key={row.categoryId} row={row} fallback={props.fallback} rates={props.rates} />
      ))}
    </ul>
  );
}
