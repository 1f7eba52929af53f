/**
 * 店主搭配's editor: a title, an intro and 2 to 9 of the shop's products picked from the grid, then
 * 保存搭配; an existing set is edited in the same form (编辑) or deleted (删除). Checked by the
 * same rules as the server; the page reloads with the saved sets.
 */
import { useState, type SubmitEvent } from 'react';
import { call } from '#lib/platform/client.ts';
import { formatYuan } from '#lib/platform/money.ts';
import { RecruitingEndpoints } from '#lib/recruiting/index.ts';
import {
  cleanCompose,
  COMPOSE_INTRO_MAX,
  COMPOSE_PRODUCTS_MAX,
  COMPOSE_PRODUCTS_MIN,
  COMPOSE_TITLE_MAX,
} from '#lib/recruiting/index.ts';
import { toast } from '#lib/platform/toast.ts';
import { useHydrated } from '../../../ui/use-hydrated.ts';
import './Recruiting.css';

export interface Candidate {
  productNo: string;
  name: string;
  thumbUrl: string | null;
  priceCents: number;
}

export interface EditableSet {
  composeId: number;
  title: string;
  intro: string;
  productNos: string[];
}

interface Props {
  shopId: string;
  candidates: Candidate[];
  sets: EditableSet[];
}

const empty = {
  composeId: undefined as number | undefined,
  title: '',
  intro: '',
  productNos: [] as string[],
};

export default function ComposeEditor({ shopId, candidates, sets }: Props) {
  const [draft, setDraft] = useState(empty);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const query = { shopBizCode: shopId };

  function toggle(productNo: string) {
    setDraft((d) => {
      const picked = d.productNos.includes(productNo)
        ? d.productNos.filter((no) => no !== productNo)
        : d.productNos.length >= COMPOSE_PRODUCTS_MAX
          ? d.productNos
          : [...d.productNos, productNo];
      return { ...d, productNos: picked };
    });
  }

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const clean = cleanCompose(draft);
    if (!clean.ok) {
      setProblem(clean.error.message);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await call(RecruitingEndpoints.composeSave, {
        query,
        body:
          draft.composeId === undefined
            ? clean.value
            : { ...clean.value, composeId: draft.composeId },
      });
      toast(RecruitingEndpoints.composeSave.message);
      setTimeout(() => location.reload(), 800);
    } catch {
      setBusy(false);
    }
  }

  async function remove(composeId: number) {
    if (!confirm('确定删除这个搭配吗？')) return;
    setBusy(true);
    try {
      await call(RecruitingEndpoints.composeDelete, { params: { composeId }, query });
      toast(RecruitingEndpoints.composeDelete.message);
      setTimeout(() => location.reload(), 800);
    } catch {
      setBusy(false);
    }
  }

  const total = candidates
    .filter((c) => draft.productNos.includes(c.productNo))
    .reduce((sum, c) => sum + c.priceCents, 0);

  return (
    <div className="rc-steps">
      {sets.length > 0 && (
        <ul className="rc-set-actions" aria-label="管理搭配">
          {sets.map((set) => (
            <li key={set.composeId} data-compose-actions={set.composeId}>
              <span>{set.title}</span>
              <button
                type="button"
                className="rc-secondary"
                disabled={busy || !hydrated}
                onClick={() => {
                  setDraft({ ...set });
                  setProblem(null);
                }}
              >
                编辑
              </button>
              <button
                type="button"
                className="rc-secondary"
                disabled={busy || !hydrated}
                onClick={() => void remove(set.composeId)}
              >
                删除
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="rc-form" onSubmit={save} noValidate data-compose-form>
        <h2>{draft.composeId === undefined ? '新建搭配' : `编辑搭配：${draft.title}`}</h2>
        <label>
          <span>搭配名称</span>
          <input
            name="title"
            value={draft.title}
            maxLength={COMPOSE_TITLE_MAX * 2}
            placeholder={`例如：周末出游，2-${COMPOSE_TITLE_MAX}个字`}
            onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          />
        </label>
        <label>
          <span>搭配说明</span>
          <textarea
            name="intro"
            rows={2}
            value={draft.intro}
            maxLength={COMPOSE_INTRO_MAX * 2}
            placeholder={`说说为什么这样搭，最多${COMPOSE_INTRO_MAX}个字`}
            onChange={(event) => setDraft({ ...draft, intro: event.target.value })}
          />
        </label>
        <p className="rc-count" data-compose-picked>
          已选 {draft.productNos.length} 件（{COMPOSE_PRODUCTS_MIN}-{COMPOSE_PRODUCTS_MAX}
          件），合计 ¥{formatYuan(total)}
        </p>
        <ul className="rc-picks">
          {candidates.map((c) => (
            <li key={c.productNo}>
              <button
                type="button"
                aria-pressed={draft.productNos.includes(c.productNo)}
                data-pick={c.productNo}
                onClick={() => toggle(c.productNo)}
              >
                {c.thumbUrl && (
                  <img src={c.thumbUrl} alt="" width={110} height={110} loading="lazy" />
                )}
                <span className="rc-name">{c.name}</span>
                <span className="rc-price">¥{formatYuan(c.priceCents)}</span>
              </button>
            </li>
          ))}
        </ul>
        {problem && (
          <p className="rc-problem" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="rc-primary" disabled={busy || !hydrated}>
          保存搭配
        </button>
        {draft.composeId !== undefined && (
          <button type="button" className="rc-secondary" onClick={() => setDraft(empty)}>
            取消编辑
          </button>
        )}
      </form>
    </div>
  );
}
